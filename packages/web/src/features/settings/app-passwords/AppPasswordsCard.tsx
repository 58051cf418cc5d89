import { APP_PASSWORD_NAME_MAX, type AppPassword } from "@scriptorium/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import {
  APP_PASSWORDS_KEY,
  createAppPassword,
  davUrl,
  fetchAppPasswords,
  revokeAppPassword,
} from "../../../api/app-passwords-api";
import { StatusError } from "../../../api/errors";
import { Button } from "../../../components/Button";
import { CheckboxField, TextField } from "../../../components/fields";
import { showPrompt } from "../../../prompts";
import { useUser } from "../../../state/auth-store";
import { handleError } from "../../../state/handle-error";
import { showSuccess } from "../../../state/toast-store";
import { AppPasswordList } from "./AppPasswordList";
import { CopyButton } from "./CopyButton";
import { CreatedPassword } from "./CreatedPassword";
import "./app-passwords.css";

/** Revokes one; one already gone (404) is as good as revoked. */
async function revoke(id: number): Promise<void> {
  try {
    await revokeAppPassword(id);
  } catch (err) {
    if (!(err instanceof StatusError && err.status === 404)) throw err;
  }
}

/**
 * The profile's App passwords card (issue 32): what they are for, the WebDAV address to give a
 * client, a form creating one (named, read-only or not) whose password is shown once, and the
 * list with a Revoke button each.
 */
export function AppPasswordsCard() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const username = useUser()?.username ?? "";
  const [name, setName] = useState("");
  const [readOnly, setReadOnly] = useState(false);
  const [created, setCreated] = useState<{ name: string; password: string } | null>(null);
  const query = useQuery({
    queryKey: APP_PASSWORDS_KEY,
    queryFn: ({ signal }) => fetchAppPasswords(signal),
  });
  const refresh = () => client.invalidateQueries({ queryKey: APP_PASSWORDS_KEY });
  const create = useMutation({
    mutationFn: createAppPassword,
    onSuccess: async ({ password }, body) => {
      setCreated({ name: body.name, password });
      setName("");
      setReadOnly(false);
      await refresh();
    },
    onError: handleError,
  });
  const trimmed = name.trim();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (trimmed === "" || create.isPending) return;
    setCreated(null);
    create.mutate({ name: trimmed, readOnly });
  };

  const confirmRevoke = (password: AppPassword) =>
    showPrompt({
      name: "confirm",
      title: t("settings.appPasswords.revokeTitle"),
      message: t("settings.appPasswords.revokeMessage", { name: password.name }),
      confirmLabel: t("settings.appPasswords.revoke"),
      onConfirm: () => {
        revoke(password.id)
          .then(() => showSuccess(t("settings.appPasswords.revoked", { name: password.name })))
          .catch(handleError)
          .finally(() => void refresh());
      },
    });

  const address = davUrl();
  return (
    <section
      className="card app-passwords"
      data-testid="app-passwords"
      aria-labelledby="app-passwords-title"
    >
      <h2 className="card__title" id="app-passwords-title">
        {t("settings.appPasswords.title")}
      </h2>
      <div className="card__body">
        <p>{t("settings.appPasswords.intro")}</p>
        <div className="app-passwords__address">
          <span className="field__label" id="app-passwords-address-label">
            {t("settings.appPasswords.address")}
          </span>
          <span className="app-passwords__secret">
            <code dir="ltr" data-testid="dav-url">
              {address}
            </code>
            <CopyButton
              text={address}
              label={t("settings.appPasswords.copyAddress")}
              testId="dav-url-copy"
            />
          </span>
        </div>
        {created && (
          <CreatedPassword
            name={created.name}
            username={username}
            password={created.password}
            onDone={() => setCreated(null)}
          />
        )}
        <form
          className="app-passwords__form"
          onSubmit={submit}
          aria-labelledby="app-passwords-new-title"
          data-testid="app-passwords-form"
        >
          <h3 id="app-passwords-new-title">{t("settings.appPasswords.new")}</h3>
          <TextField
            label={t("settings.appPasswords.name")}
            hint={t("settings.appPasswords.nameHint")}
            name="appPasswordName"
            autoComplete="off"
            maxLength={APP_PASSWORD_NAME_MAX}
            value={name}
            onChange={setName}
            testId="app-passwords-name"
          />
          <CheckboxField
            label={t("settings.appPasswords.readOnlyOption")}
            checked={readOnly}
            onChange={setReadOnly}
            testId="app-passwords-read-only"
          />
          <div className="card__actions app-passwords__actions">
            <Button
              tone="primary"
              submit
              disabled={trimmed === "" || create.isPending}
              testId="app-passwords-create"
            >
              {t("settings.appPasswords.create")}
            </Button>
          </div>
        </form>
        <h3>{t("settings.appPasswords.yours")}</h3>
        {query.data ? (
          <AppPasswordList passwords={query.data} onRevoke={confirmRevoke} />
        ) : query.isError ? (
          <p className="muted" role="alert" data-testid="app-passwords-error">
            {t("settings.appPasswords.loadError")}
          </p>
        ) : (
          <p className="muted">{t("files.loading")}</p>
        )}
      </div>
    </section>
  );
}
