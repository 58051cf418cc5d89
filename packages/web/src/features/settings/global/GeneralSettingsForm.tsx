import type { Rule, Settings } from "@scriptorium/shared";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { CheckboxField, TextField } from "../../../components/fields";
import { usePatchState } from "../../../lib/use-patch-state";
import { SettingsCard, type SettingsFormProps } from "../../../components/SettingsCard";
import { RulesEditor, rulesAreValid } from "../rules/RulesEditor";

type General = Pick<Settings, "signup" | "createUserDir" | "userHomeBasePath" | "rules">;

/** Signup, home folders and the global rules (SPEC.md §2 Global settings). */
export function GeneralSettingsForm({ initial, onSave, saving }: SettingsFormProps<General>) {
  const { t } = useTranslation();
  const [form, set] = usePatchState(initial);
  const [rules, setRules] = useState<Rule[]>(initial.rules);
  return (
    <SettingsCard
      title={t("globalSettings.general")}
      testId="global-general"
      onSubmit={() => rulesAreValid(rules) && onSave({ ...form, rules })}
      submitDisabled={saving || !rulesAreValid(rules)}
    >
      <CheckboxField
        label={t("globalSettings.signup")}
        checked={form.signup}
        onChange={(signup) => set({ signup })}
        testId="global-signup"
      />
      <CheckboxField
        label={t("globalSettings.createUserDir")}
        checked={form.createUserDir}
        onChange={(createUserDir) => set({ createUserDir })}
        testId="global-create-user-dir"
      />
      <TextField
        label={t("globalSettings.userHomeBasePath")}
        code
        value={form.userHomeBasePath}
        onChange={(userHomeBasePath) => set({ userHomeBasePath })}
        testId="global-home-base"
      />
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
    </SettingsCard>
  );
}
