import { LOCALE_CODES, LOCALES, VIEW_MODES, type ViewMode } from "@scriptorium/shared";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { apiCall } from "../../../api/client";
import { handleError } from "../../../state/handle-error";
import { FolderPicker } from "../../../components/folder-picker/FolderPicker";
import { showPrompt } from "../../../prompts";
import { showSuccess } from "../../../state/toast-store";
import { RulesEditor, rulesAreValid } from "../rules/RulesEditor";
import { PermissionsFields } from "./PermissionsFields";
import { UserSessions } from "./UserSessions";
import { draftFromDefaults, draftFromUser, parseWords } from "./user-draft";
import { createUser, deleteUser, updateUser, type UserDraft } from "./users-api";
import { USERS_KEY } from "./UsersPage";
import "./users.css";

const VIEW_MODE_LABELS = {
  list: "settings.viewModes.list",
  mosaic: "settings.viewModes.mosaic",
  "mosaic gallery": "settings.viewModes.mosaicGallery",
} as const;

/** /settings/users/{id} and /settings/users/new (admin): the user form of SPEC.md §4. */
export function UserFormPage() {
  const { id = "new" } = useParams();
  const isNew = id === "new";
  const userId = Number(id);
  const query = useQuery({
    queryKey: ["userForm", id],
    queryFn: async ({ signal }) =>
      isNew
        ? draftFromDefaults((await apiCall("getSettings", { signal })).defaults)
        : draftFromUser(await apiCall("getUser", { params: { id: userId }, signal })),
    gcTime: 0,
  });
  const { t } = useTranslation();
  if (query.isPending) return <p className="muted">{t("files.loading")}</p>;
  if (query.isError) {
    return (
      <p className="notice notice--danger" role="alert">
        {query.error.message}
      </p>
    );
  }
  return <UserForm key={id} initial={query.data} isNew={isNew} />;
}

function UserForm({ initial, isNew }: { initial: UserDraft; isNew: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [user, setUser] = useState(initial);
  const [commands, setCommands] = useState(initial.commands.join(" "));
  const [home, setHome] = useState(false);
  const [browsing, setBrowsing] = useState(false);
  const [adminPassword, setAdminPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const patch = (fields: Partial<UserDraft>) => setUser((u) => ({ ...u, ...fields }));
  const valid =
    user.username.trim() !== "" && (!isNew || user.password !== "") && rulesAreValid(user.rules);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    setBusy(true);
    const draft: UserDraft = {
      ...user,
      commands: parseWords(commands),
      scope: home ? "" : user.scope,
    };
    try {
      if (isNew) {
        const newId = await createUser(draft);
        showSuccess(t("success.userCreated"));
        await queryClient.invalidateQueries({ queryKey: USERS_KEY });
        void navigate(`/settings/users/${newId}`);
      } else {
        await updateUser(draft, adminPassword);
        setAdminPassword("");
        patch({ password: "" });
        showSuccess(t("success.userUpdated"));
        await queryClient.invalidateQueries({ queryKey: USERS_KEY });
      }
    } catch (err) {
      handleError(err);
    } finally {
      setBusy(false);
    }
  };

  const askDelete = () =>
    showPrompt({
      name: "confirm",
      title: t("settings.users.deleteTitle"),
      message: t("settings.users.deleteMessage", { name: initial.username }),
      confirmLabel: t("buttons.delete"),
      onConfirm: () => {
        deleteUser(initial.id)
          .then(async () => {
            showSuccess(t("success.userDeleted"));
            await queryClient.invalidateQueries({ queryKey: USERS_KEY });
            void navigate("/settings/users");
          })
          .catch(handleError);
      },
    });

  return (
    <>
      <form className="card user-form" onSubmit={(e) => void submit(e)} data-testid="user-form">
        <h2 className="card__title">
          {isNew
            ? t("settings.users.newTitle")
            : t("settings.users.editTitle", { name: initial.username })}
        </h2>
        <div className="card__body">
          <label className="field">
            <span className="field__label">{t("settings.users.username")}</span>
            <input
              className="input"
              autoComplete="off"
              required
              value={user.username}
              onChange={(e) => patch({ username: e.target.value })}
              data-testid="user-username"
            />
          </label>
          <label className="field">
            <span className="field__label">{t("settings.users.password")}</span>
            <input
              className="input"
              type="password"
              autoComplete="new-password"
              required={isNew}
              value={user.password}
              onChange={(e) => patch({ password: e.target.value })}
              aria-describedby="user-password-hint"
              data-testid="user-password"
            />
            <span id="user-password-hint" className="field__hint muted">
              {isNew ? t("settings.users.passwordNewHint") : t("settings.users.passwordKeepHint")}
            </span>
          </label>
          {!isNew && user.password !== "" && (
            <label className="field">
              <span className="field__label">{t("settings.users.adminPassword")}</span>
              <input
                className="input"
                type="password"
                autoComplete="current-password"
                required
                value={adminPassword}
                onChange={(e) => setAdminPassword(e.target.value)}
                data-testid="user-admin-password"
              />
            </label>
          )}
          {isNew && (
            <label className="checkbox">
              <input
                type="checkbox"
                checked={home}
                onChange={(e) => setHome(e.target.checked)}
                data-testid="user-home"
              />
              <span>{t("settings.users.createHome")}</span>
            </label>
          )}
          <label className="field">
            <span className="field__label">{t("settings.users.scope")}</span>
            <input
              className="input"
              dir="ltr"
              autoComplete="off"
              disabled={home}
              value={home ? "" : user.scope}
              onChange={(e) => patch({ scope: e.target.value })}
              aria-describedby="user-scope-hint"
              data-testid="user-scope"
            />
            <span id="user-scope-hint" className="field__hint muted">
              {t("settings.users.scopeHint")}
            </span>
          </label>
          {!home && (
            <button
              type="button"
              className="button user-form__browse"
              aria-expanded={browsing}
              onClick={() => setBrowsing((b) => !b)}
              data-testid="user-scope-browse"
            >
              {t("settings.users.browse")}
            </button>
          )}
          {!home && browsing && (
            <div className="user-form__picker" data-testid="user-scope-picker">
              <FolderPicker
                initialPath={user.scope.startsWith("/") ? user.scope : "/"}
                onChange={(folder) => patch({ scope: folder.replace(/(.)\/+$/, "$1") })}
              />
            </div>
          )}
          <label className="field">
            <span className="field__label">{t("settings.language")}</span>
            <select
              className="input"
              value={user.locale}
              onChange={(e) => patch({ locale: e.target.value })}
              data-testid="user-locale"
            >
              {LOCALE_CODES.map((code) => (
                <option key={code} value={code} lang={code}>
                  {LOCALES[code]}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span className="field__label">{t("settings.viewMode")}</span>
            <select
              className="input"
              value={user.viewMode}
              onChange={(e) => patch({ viewMode: e.target.value as ViewMode })}
            >
              {VIEW_MODES.map((mode) => (
                <option key={mode} value={mode}>
                  {t(VIEW_MODE_LABELS[mode])}
                </option>
              ))}
            </select>
          </label>
          {(
            [
              ["singleClick", "settings.singleClick"],
              ["hideDotfiles", "settings.hideDotfiles"],
              ["dateFormat", "settings.setDateFormat"],
            ] as const
          ).map(([flag, label]) => (
            <label key={flag} className="checkbox">
              <input
                type="checkbox"
                checked={user[flag]}
                onChange={(e) => patch({ [flag]: e.target.checked })}
              />
              <span>{t(label)}</span>
            </label>
          ))}
          <label className="checkbox">
            <input
              type="checkbox"
              checked={user.lockPassword}
              disabled={user.perm.admin}
              onChange={(e) => patch({ lockPassword: e.target.checked })}
              data-testid="user-lock-password"
            />
            <span>{t("settings.users.lockPassword")}</span>
          </label>
          <PermissionsFields
            value={user.perm}
            onChange={(perm) => patch({ perm, ...(perm.admin ? { lockPassword: false } : {}) })}
          />
          <label className="field">
            <span className="field__label">{t("settings.users.commands")}</span>
            <input
              className="input"
              dir="ltr"
              autoComplete="off"
              spellCheck={false}
              value={commands}
              onChange={(e) => setCommands(e.target.value)}
              aria-describedby="user-commands-hint"
              data-testid="user-commands"
            />
            <span id="user-commands-hint" className="field__hint muted">
              {t("settings.users.commandsHint")}
            </span>
          </label>
          <fieldset className="field">
            <legend className="field__label">{t("settings.rules.title")}</legend>
            <RulesEditor
              value={user.rules}
              onChange={(rules) => patch({ rules })}
              scope={home ? "/" : user.scope || "/"}
              withGlobal
              testId="user-rules"
            />
          </fieldset>
        </div>
        <div className="card__actions">
          {!isNew && (
            <button
              type="button"
              className="button button--danger"
              onClick={askDelete}
              data-testid="user-delete"
            >
              {t("buttons.delete")}
            </button>
          )}
          <button
            type="submit"
            className="button button--primary"
            disabled={busy || !valid}
            data-testid="user-submit"
          >
            {isNew ? t("buttons.create") : t("buttons.update")}
          </button>
        </div>
      </form>
      {!isNew && <UserSessions userId={initial.id} />}
    </>
  );
}
