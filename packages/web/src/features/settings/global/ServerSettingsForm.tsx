import type { ServerSettings, ServerSettingsBody } from "@scriptorium/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { apiCall } from "../../../api/client";
import { handleError } from "../../../state/handle-error";
import { showSuccess } from "../../../state/toast-store";

const KEY = ["serverSettings"] as const;

/**
 * What only the command line set before: the auth method, its header, reCAPTCHA and the shell
 * switch shown read-only; token lifetime, password length, thumbnails and preview resizing
 * editable (PUT /api/settings/server).
 */
export function ServerSettingsCard() {
  const { t } = useTranslation();
  // Loaded when opened: most visits to this page never need it.
  const [open, setOpen] = useState(false);
  const query = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => apiCall("getServerSettings", { signal }),
    enabled: open,
  });
  return (
    <details
      className="card global-server"
      onToggle={(e) => setOpen(e.currentTarget.open)}
      data-testid="global-server"
    >
      <summary className="card__title">{t("globalSettings.server.title")}</summary>
      {query.data ? (
        <ServerSettingsForm initial={query.data} />
      ) : (
        <p className="card__body muted">
          {query.isError ? query.error.message : t("files.loading")}
        </p>
      )}
    </details>
  );
}

function ServerSettingsForm({ initial }: { initial: ServerSettings }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [form, setForm] = useState<ServerSettingsBody>({
    tokenExpirationTime: initial.tokenExpirationTime,
    minimumPasswordLength: initial.minimumPasswordLength,
    enableThumbnails: initial.enableThumbnails,
    resizePreview: initial.resizePreview,
  });
  const save = useMutation({
    mutationFn: (body: ServerSettingsBody) => apiCall("updateServerSettings", { body }),
    onSuccess: async () => {
      showSuccess(t("success.settingsUpdated"));
      await client.invalidateQueries({ queryKey: KEY });
    },
    onError: handleError,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(form);
  };
  const readOnly: [string, string][] = [
    [t("globalSettings.server.authMethod"), initial.authMethod],
    [t("globalSettings.server.authHeader"), initial.authHeader || "—"],
    [
      t("globalSettings.server.recaptcha"),
      initial.recaptchaKey ? `${initial.recaptchaHost} · ${initial.recaptchaKey}` : "—",
    ],
    [
      t("globalSettings.server.recaptchaSecret"),
      initial.recaptchaSecretSet
        ? t("globalSettings.server.set")
        : t("globalSettings.server.notSet"),
    ],
    [
      t("globalSettings.server.exec"),
      initial.enableExec ? t("globalSettings.server.on") : t("globalSettings.server.off"),
    ],
    [t("globalSettings.server.version"), initial.version],
  ];
  return (
    <form onSubmit={submit} data-testid="global-server-form">
      <div className="card__body">
        <dl className="global-server__facts" data-testid="global-server-facts">
          {readOnly.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd dir="ltr">{value}</dd>
            </div>
          ))}
        </dl>
        <p className="field__hint muted">{t("globalSettings.server.cliOnly")}</p>
        <label className="field">
          <span className="field__label">{t("globalSettings.server.tokenLifetime")}</span>
          <input
            className="input"
            dir="ltr"
            value={form.tokenExpirationTime}
            onChange={(e) => setForm({ ...form, tokenExpirationTime: e.target.value })}
            aria-describedby="token-lifetime-hint"
            data-testid="global-token-lifetime"
          />
          <span id="token-lifetime-hint" className="field__hint muted">
            {t("globalSettings.server.tokenLifetimeHint")}
          </span>
        </label>
        <label className="field">
          <span className="field__label">{t("globalSettings.server.minPassword")}</span>
          <input
            className="input"
            type="number"
            min={8}
            max={128}
            value={form.minimumPasswordLength}
            onChange={(e) => setForm({ ...form, minimumPasswordLength: Number(e.target.value) })}
            data-testid="global-min-password"
          />
        </label>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={form.enableThumbnails}
            onChange={(e) => setForm({ ...form, enableThumbnails: e.target.checked })}
          />
          <span>{t("globalSettings.server.thumbnails")}</span>
        </label>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={form.resizePreview}
            onChange={(e) => setForm({ ...form, resizePreview: e.target.checked })}
          />
          <span>{t("globalSettings.server.resizePreview")}</span>
        </label>
      </div>
      <div className="card__actions">
        <button
          type="submit"
          className="button button--primary"
          disabled={save.isPending}
          data-testid="global-server-submit"
        >
          {t("buttons.update")}
        </button>
      </div>
    </form>
  );
}
