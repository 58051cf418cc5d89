import { ACTIVITY_ACTIONS, type ActivityAction } from "@scriptorium/shared";
import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { apiCall } from "../../../api/client";
import { Button } from "../../../components/Button";
import { SelectField, TextField } from "../../../components/fields";
import { actionLabel } from "../../../lib/activity-labels";
import { USERS_KEY } from "../../../api/users-api";
import { EMPTY_AUDIT_FORM, type AuditForm } from "./audit-form";

interface AuditFiltersFormProps {
  form: AuditForm;
  onChange: (form: AuditForm) => void;
  /** Enter in a field: the filters apply now rather than after the pause. */
  onApply: () => void;
}

/** The audit view's filters: user (the known users offered), action, path, from and to. */
export function AuditFiltersForm({ form, onChange, onApply }: AuditFiltersFormProps) {
  const { t } = useTranslation();
  const usersId = useId();
  const users = useQuery({
    queryKey: USERS_KEY,
    queryFn: ({ signal }) => apiCall("listUsers", { signal }),
  });
  const set =
    <K extends keyof AuditForm>(key: K) =>
    (value: AuditForm[K]) =>
      onChange({ ...form, [key]: value });
  const dirty = Object.values(form).some((value) => value !== "");

  return (
    <form
      className="audit-filters"
      data-testid="audit-filters"
      onSubmit={(event) => {
        event.preventDefault();
        onApply();
      }}
    >
      <TextField
        label={t("audit.user")}
        value={form.user}
        onChange={set("user")}
        list={usersId}
        autoComplete="off"
        testId="audit-user"
      />
      <datalist id={usersId}>
        {users.data?.map((user) => (
          <option key={user.id} value={user.username} />
        ))}
      </datalist>
      <SelectField
        label={t("audit.action")}
        value={form.action}
        onChange={(value) => set("action")(value as ActivityAction | "")}
        options={[
          { value: "", label: t("audit.anyAction") },
          ...ACTIVITY_ACTIONS.map((action) => ({ value: action, label: t(actionLabel(action)) })),
        ]}
        testId="audit-action"
      />
      <TextField
        label={t("audit.path")}
        value={form.path}
        onChange={set("path")}
        code
        placeholder="/"
        testId="audit-path"
      />
      <TextField
        label={t("audit.since")}
        type="date"
        value={form.since}
        onChange={set("since")}
        max={form.until || undefined}
        testId="audit-since"
      />
      <TextField
        label={t("audit.until")}
        type="date"
        value={form.until}
        onChange={set("until")}
        min={form.since || undefined}
        testId="audit-until"
      />
      <div className="audit-filters__buttons">
        {/* Enter in a field applies at once; this button is what Enter presses. */}
        <button type="submit" hidden tabIndex={-1} />
        <Button
          tone="flat"
          testId="audit-reset"
          disabled={!dirty}
          onClick={() => onChange(EMPTY_AUDIT_FORM)}
        >
          {t("audit.reset")}
        </Button>
      </div>
    </form>
  );
}
