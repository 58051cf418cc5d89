import type { Rule, Settings } from "@scriptorium/shared";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { RulesEditor, rulesAreValid } from "../rules/RulesEditor";

type General = Pick<Settings, "signup" | "createUserDir" | "userHomeBasePath" | "rules">;

/** Signup, home folders and the global rules (SPEC.md §2 Global settings). */
export function GeneralSettingsForm({
  initial,
  onSave,
  saving,
}: {
  initial: General;
  onSave: (fields: General) => void;
  saving: boolean;
}) {
  const { t } = useTranslation();
  const [form, setForm] = useState(initial);
  const [rules, setRules] = useState<Rule[]>(initial.rules);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (rulesAreValid(rules)) onSave({ ...form, rules });
  };
  return (
    <form className="card" onSubmit={submit} data-testid="global-general-form">
      <h2 className="card__title">{t("globalSettings.general")}</h2>
      <div className="card__body">
        <label className="checkbox">
          <input
            type="checkbox"
            checked={form.signup}
            onChange={(e) => setForm({ ...form, signup: e.target.checked })}
            data-testid="global-signup"
          />
          <span>{t("globalSettings.signup")}</span>
        </label>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={form.createUserDir}
            onChange={(e) => setForm({ ...form, createUserDir: e.target.checked })}
            data-testid="global-create-user-dir"
          />
          <span>{t("globalSettings.createUserDir")}</span>
        </label>
        <label className="field">
          <span className="field__label">{t("globalSettings.userHomeBasePath")}</span>
          <input
            className="input"
            dir="ltr"
            value={form.userHomeBasePath}
            onChange={(e) => setForm({ ...form, userHomeBasePath: e.target.value })}
            data-testid="global-home-base"
          />
        </label>
        <fieldset className="field global-rules">
          <legend className="field__label">{t("globalSettings.rules")}</legend>
          <p className="field__hint muted">{t("globalSettings.rulesHelp")}</p>
          <RulesEditor
            value={rules}
            onChange={setRules}
            scope="/"
            withGlobal={false}
            testId="global-rules"
          />
        </fieldset>
      </div>
      <div className="card__actions">
        <button
          type="submit"
          className="button button--primary"
          disabled={saving || !rulesAreValid(rules)}
          data-testid="global-general-submit"
        >
          {t("buttons.update")}
        </button>
      </div>
    </form>
  );
}
