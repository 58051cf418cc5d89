import type { Rule } from "@scriptorium/shared";
import type { ParseKeys } from "i18next";
import { useTranslation } from "react-i18next";

interface RuleRowProps {
  rule: Rule;
  index: number;
  count: number;
  /** The first rule that cannot be saved is this one. */
  bad: boolean;
  onChange: (rule: Rule) => void;
  onMove: (by: number) => void;
  onRemove: () => void;
  testId: string;
}

/** A rule: allow or deny, path or regular expression, its text, and move up, down, remove. */
export function RuleRow({
  rule,
  index,
  count,
  bad,
  onChange,
  onMove,
  onRemove,
  testId,
}: RuleRowProps) {
  const { t } = useTranslation();
  const n = index + 1;
  const text = rule.regex ? rule.regexp.raw : rule.path;
  return (
    <li className="rules__row" data-testid={`${testId}-row`}>
      <select
        className="input rules__kind"
        aria-label={t("settings.rules.effect", { n })}
        value={rule.allow ? "allow" : "deny"}
        onChange={(e) => onChange({ ...rule, allow: e.target.value === "allow" })}
        data-testid={`${testId}-effect`}
      >
        <option value="deny">{t("settings.rules.deny")}</option>
        <option value="allow">{t("settings.rules.allow")}</option>
      </select>
      <label className="checkbox rules__regex">
        <input
          type="checkbox"
          checked={rule.regex}
          onChange={(e) => onChange(switchKind(rule, e.target.checked))}
          data-testid={`${testId}-regex`}
        />
        <span>{t("settings.rules.regex")}</span>
      </label>
      <input
        className={`input rules__text${bad ? " input--red" : ""}`}
        dir="ltr"
        spellCheck={false}
        autoComplete="off"
        aria-label={t("settings.rules.ruleLabel", { n })}
        aria-invalid={bad}
        aria-describedby={bad ? `${testId}-problem` : undefined}
        placeholder={rule.regex ? "\\.bak$" : "/private"}
        value={text}
        onChange={(e) => onChange(withText(rule, e.target.value))}
        data-testid={`${testId}-text`}
      />
      <span className="rules__buttons">
        <RowButton
          label="settings.rules.up"
          n={n}
          disabled={index === 0}
          onClick={() => onMove(-1)}
        >
          ↑
        </RowButton>
        <RowButton
          label="settings.rules.down"
          n={n}
          disabled={index === count - 1}
          onClick={() => onMove(1)}
        >
          ↓
        </RowButton>
        <RowButton
          label="settings.rules.remove"
          n={n}
          onClick={onRemove}
          testId={`${testId}-remove`}
        >
          ✕
        </RowButton>
      </span>
    </li>
  );
}

/** The regular-expression box: the text moves between path and expression. */
function switchKind(rule: Rule, regex: boolean): Rule {
  return {
    ...rule,
    regex,
    path: regex ? "" : rule.regexp.raw || "/",
    regexp: { raw: regex ? rule.path : "" },
  };
}

function withText(rule: Rule, text: string): Rule {
  return rule.regex ? { ...rule, regexp: { raw: text } } : { ...rule, path: text };
}

function RowButton(props: {
  label: ParseKeys;
  n: number;
  disabled?: boolean;
  onClick: () => void;
  testId?: string;
  children: string;
}) {
  const { t } = useTranslation();
  const label = t(props.label, { n: props.n });
  return (
    <button
      type="button"
      className="button button--flat"
      disabled={props.disabled}
      onClick={props.onClick}
      aria-label={label}
      title={label}
      data-testid={props.testId}
    >
      {props.children}
    </button>
  );
}
