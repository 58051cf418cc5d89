import {
  firstRuleProblem,
  ruleProblemMessage,
  type Rule,
  type RulesPreview,
} from "@scriptorium/shared";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { apiCall } from "../../../api/client";
import { isStatusError } from "../../../api/errors";
import { RuleRow } from "./RuleRow";
import "./rules.css";

interface RulesEditorProps {
  value: Rule[];
  onChange: (rules: Rule[]) => void;
  /** The scope the preview looks in ("/" for the whole files folder). */
  scope: string;
  /** Whether the preview applies the global rules first (a user's rules). */
  withGlobal: boolean;
  testId?: string;
}

/** True when every rule can be saved (the server's own check, run in the browser). */
export function rulesAreValid(rules: readonly Rule[]): boolean {
  return firstRuleProblem(rules) === undefined;
}

const newRule = (): Rule => ({ allow: false, path: "/", regex: false, regexp: { raw: "" } });

/**
 * Allow and deny rules in order (the last matching rule wins), each a path (whole
 * components) or a regular expression, checked as they are typed, with a preview of what
 * they hide in the scope.
 */
export function RulesEditor({
  value,
  onChange,
  scope,
  withGlobal,
  testId = "rules",
}: RulesEditorProps) {
  const { t } = useTranslation();
  const [preview, setPreview] = useState<RulesPreview | null>(null);
  const [previewError, setPreviewError] = useState("");
  const [loading, setLoading] = useState(false);
  const problem = firstRuleProblem(value);

  const set = (index: number, rule: Rule) => {
    onChange(value.map((r, i) => (i === index ? rule : r)));
    setPreview(null);
  };
  const move = (index: number, by: number) => {
    const next = [...value];
    const [rule] = next.splice(index, 1);
    if (rule) next.splice(index + by, 0, rule);
    onChange(next);
  };

  const runPreview = async () => {
    setLoading(true);
    setPreviewError("");
    try {
      setPreview(await apiCall("rulesPreview", { body: { scope, rules: value, withGlobal } }));
    } catch (err) {
      setPreview(null);
      setPreviewError(isStatusError(err) ? err.message : String(err));
    } finally {
      setLoading(false);
    }
  };

  return (
    <div className="rules" data-testid={testId}>
      {value.length === 0 && <p className="muted">{t("settings.rules.none")}</p>}
      <ol className="rules__list">
        {value.map((rule, index) => (
          <RuleRow
            key={index}
            rule={rule}
            index={index}
            count={value.length}
            bad={problem?.rule === index}
            onChange={(next) => set(index, next)}
            onMove={(by) => move(index, by)}
            onRemove={() => onChange(value.filter((_, i) => i !== index))}
            testId={testId}
          />
        ))}
      </ol>
      {problem && (
        <p id={`${testId}-problem`} className="field__hint rules__problem" role="alert" dir="ltr">
          {ruleProblemMessage(problem)}
        </p>
      )}
      <p className="field__hint muted" data-testid={`${testId}-scope-note`}>
        {t("settings.rules.scopeNote")}
      </p>
      <p className="field__hint muted">{t("settings.rules.help")}</p>
      <p className="field__hint muted">{t("settings.rules.regexSyntax")}</p>
      <div className="rules__actions">
        <button
          type="button"
          className="button"
          onClick={() => onChange([...value, newRule()])}
          data-testid={`${testId}-add`}
        >
          {t("settings.rules.add")}
        </button>
        <button
          type="button"
          className="button"
          disabled={problem !== undefined || loading}
          onClick={() => void runPreview()}
          data-testid={`${testId}-preview`}
        >
          {t("settings.rules.preview")}
        </button>
      </div>
      {previewError && (
        <p className="notice notice--danger" role="alert">
          {previewError}
        </p>
      )}
      {preview && <PreviewResult preview={preview} testId={testId} />}
    </div>
  );
}

/** What the rules hide in the scope: how many of how many checked, and the first paths. */
function PreviewResult({ preview, testId }: { preview: RulesPreview; testId: string }) {
  const { t } = useTranslation();
  return (
    <div className="rules__preview" role="status" data-testid={`${testId}-preview-result`}>
      <p>
        {t("settings.rules.previewSummary", {
          hidden: preview.hiddenCount,
          checked: preview.checked,
        })}
        {preview.truncated && ` ${t("settings.rules.previewTruncated")}`}
      </p>
      {preview.hidden.length > 0 && (
        <ul className="rules__hidden" dir="ltr">
          {preview.hidden.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
