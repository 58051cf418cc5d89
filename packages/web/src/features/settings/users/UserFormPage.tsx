import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { apiCall } from "../../../api/client";
import { handleError } from "../../../state/handle-error";
import { Button } from "../../../components/Button";
import { CheckboxField, TextField } from "../../../components/fields";
import { SettingsCard } from "../../../components/SettingsCard";
import { usePatchState } from "../../../lib/use-patch-state";
import { showPrompt } from "../../../prompts";
import { showSuccess } from "../../../state/toast-store";
import { RulesEditor, rulesAreValid } from "../rules/RulesEditor";
import { UserDefaultsFields } from "../UserDefaultsFields";
import { PermissionsFields } from "./PermissionsFields";
import { UserAccountFields, UserScopeField } from "./UserAccountFields";
import { UserSessions } from "./UserSessions";
import { draftFromDefaults, draftFromUser, parseWords } from "./user-draft";
import { createUser, deleteUser, updateUser, type UserDraft } from "./users-api";
import { USERS_KEY } from "../../../api/users-api";
import "./users.css";

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

/** Saves the form: creates the user and opens its page, or updates it. */
function useSaveUser(isNew: boolean) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async (draft: UserDraft, adminPassword: string) => {
    if (isNew) {
      const newId = await createUser(draft);
      showSuccess(t("success.userCreated"));
      await queryClient.invalidateQueries({ queryKey: USERS_KEY });
      void navigate(`/settings/users/${newId}`);
    } else {
      await updateUser(draft, adminPassword);
      showSuccess(t("success.userUpdated"));
      await queryClient.invalidateQueries({ queryKey: USERS_KEY });
    }
  };
}

/** Asks, then deletes the user and goes back to the list. */
function useAskDelete(user: UserDraft) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return () =>
    showPrompt({
      name: "confirm",
      title: t("settings.users.deleteTitle"),
      message: t("settings.users.deleteMessage", { name: user.username }),
      confirmLabel: t("buttons.delete"),
      onConfirm: () => {
        deleteUser(user.id)
          .then(async () => {
            showSuccess(t("success.userDeleted"));
            await queryClient.invalidateQueries({ queryKey: USERS_KEY });
            void navigate("/settings/users");
          })
          .catch(handleError);
      },
    });
}

function UserForm({ initial, isNew }: { initial: UserDraft; isNew: boolean }) {
  const { t } = useTranslation();
  const [user, patch] = usePatchState(initial);
  const [commands, setCommands] = useState(initial.commands.join(" "));
  const [home, setHome] = useState(false);
  const [adminPassword, setAdminPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const save = useSaveUser(isNew);
  const askDelete = useAskDelete(initial);
  const valid =
    user.username.trim() !== "" && (!isNew || user.password !== "") && rulesAreValid(user.rules);

  const submit = async () => {
    if (!valid) return;
    setBusy(true);
    try {
      await save(
        { ...user, commands: parseWords(commands), scope: home ? "" : user.scope },
        adminPassword,
      );
      if (!isNew) {
        setAdminPassword("");
        patch({ password: "" });
      }
    } catch (err) {
      handleError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <SettingsCard
        className="card user-form"
        title={
          isNew
            ? t("settings.users.newTitle")
            : t("settings.users.editTitle", { name: initial.username })
        }
        testId="user"
        onSubmit={() => void submit()}
        submitDisabled={busy || !valid}
        submitLabel={isNew ? t("buttons.create") : t("buttons.update")}
        actions={
          !isNew && (
            <Button tone="danger" onClick={askDelete} testId="user-delete">
              {t("buttons.delete")}
            </Button>
          )
        }
      >
        <UserAccountFields
          user={user}
          patch={patch}
          isNew={isNew}
          adminPassword={adminPassword}
          setAdminPassword={setAdminPassword}
        />
        <UserScopeField
          scope={user.scope}
          onChange={(scope) => patch({ scope })}
          home={home}
          onHome={isNew ? setHome : null}
        />
        <UserDefaultsFields value={user} onChange={patch} localeTestId="user-locale" />
        <CheckboxField
          label={t("settings.users.lockPassword")}
          checked={user.lockPassword}
          disabled={user.perm.admin}
          onChange={(lockPassword) => patch({ lockPassword })}
          testId="user-lock-password"
        />
        <PermissionsFields
          value={user.perm}
          onChange={(perm) => patch({ perm, ...(perm.admin ? { lockPassword: false } : {}) })}
        />
        <TextField
          label={t("settings.users.commands")}
          code
          value={commands}
          onChange={setCommands}
          hint={t("settings.users.commandsHint")}
          testId="user-commands"
        />
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
      </SettingsCard>
      {!isNew && <UserSessions userId={initial.id} />}
    </>
  );
}
