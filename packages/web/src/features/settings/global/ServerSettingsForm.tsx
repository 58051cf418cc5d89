import type { ServerSettings, ServerSettingsBody } from "@scriptorium/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { apiCall } from "../../../api/client";
import { handleError } from "../../../state/handle-error";
import { CheckboxField, TextField } from "../../../components/fields";
import { SettingsCard } from "../../../components/SettingsCard";
import { usePatchState } from "../../../lib/use-patch-state";
import { showSuccess } from "../../../state/toast-store";

const KEY = ["serverSettings"] as const;

/**
 * What only the command line set before: the auth method, its header, reCAPTCHA and the shell
 * switch shown read-only; token lifetime, password length, thumbnails and preview resizing
 * editable (PUT /api/settings/server). A section of its own (issue 31): loaded when opened.
 */
export function ServerSettingsCard() {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => apiCall("getServerSettings", { signal }),
  });
  if (query.data) {
    // Shown again from the saved values after a save: nothing left to save.
    return <ServerSettingsForm key={query.dataUpdatedAt} initial={query.data} />;
  }
  return (
    <section className="card global-server" data-testid="global-server">
      <h2 className="card__title">{t("globalSettings.server.title")}</h2>
      <p className="card__body muted">{query.isError ? query.error.message : t("files.loading")}</p>
    </section>
  );
}

function ServerSettingsForm({ initial }: { initial: ServerSettings }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [form, set] = usePatchState<ServerSettingsBody>({
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
    <SettingsCard
      title={t("globalSettings.server.title")}
      testId="global-server"
      onSubmit={() => save.mutate(form)}
      submitDisabled={save.isPending}
    >
      <dl className="global-server__facts" data-testid="global-server-facts">
        {readOnly.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd dir="ltr">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="field__hint muted">{t("globalSettings.server.cliOnly")}</p>
      <TextField
        label={t("globalSettings.server.tokenLifetime")}
        code
        value={form.tokenExpirationTime}
        onChange={(tokenExpirationTime) => set({ tokenExpirationTime })}
        hint={t("globalSettings.server.tokenLifetimeHint")}
        testId="global-token-lifetime"
      />
      <TextField
        label={t("globalSettings.server.minPassword")}
        type="number"
        min={8}
        max={128}
        value={form.minimumPasswordLength}
        onChange={(value) => set({ minimumPasswordLength: Number(value) })}
        testId="global-min-password"
      />
      <CheckboxField
        label={t("globalSettings.server.thumbnails")}
        checked={form.enableThumbnails}
        onChange={(enableThumbnails) => set({ enableThumbnails })}
      />
      <CheckboxField
        label={t("globalSettings.server.resizePreview")}
        checked={form.resizePreview}
        onChange={(resizePreview) => set({ resizePreview })}
      />
    </SettingsCard>
  );
}
