import { useTranslation } from "react-i18next";
import type { ParseKeys } from "i18next";
import { Modal } from "../../components/Modal";
import { getGlobals } from "../../lib/globals";
import { PROJECT_URL } from "../../lib/project";
import type { PromptProps, SpecOf } from "../../prompts/prompt-specs";

/** The shortcut list of SPEC.md §2; key names are not translated, as in File Browser. */
const SHORTCUTS: ReadonlyArray<[string, ParseKeys]> = [
  ["F1", "help.f1"],
  ["F2", "help.f2"],
  ["DEL", "help.del"],
  ["ESC", "help.esc"],
  ["CTRL + S", "help.ctrlS"],
  ["CTRL + F", "help.ctrlF"],
  ["CTRL + Click", "help.ctrlClick"],
  ["Click", "help.click"],
  ["Double click", "help.doubleClick"],
  // The listing's own keys (issue 15: the listing is one widget, moved in with the keyboard).
  ["↑ ↓ ← → Home End PgUp PgDn", "help.arrows"],
  ["Space", "help.space"],
  ["Shift + ↑ ↓", "help.shiftArrows"],
  ["Enter", "help.enter"],
  ["A – Z", "help.typeAhead"],
];

export function HelpPrompt({ close }: PromptProps<SpecOf<"help">>) {
  const { t } = useTranslation();
  const { DisableExternal } = getGlobals();
  return (
    <Modal
      title={t("prompts.help")}
      onClose={close}
      testId="prompt-help"
      footer={
        <>
          {!DisableExternal && (
            <a className="button button--flat" href={PROJECT_URL} target="_blank" rel="noreferrer">
              {t("help.moreHelp")}
            </a>
          )}
          <button type="button" className="button button--primary" onClick={close}>
            {t("buttons.ok")}
          </button>
        </>
      }
    >
      <p className="muted">{t("prompts.helpIntro")}</p>
      <dl className="shortcuts">
        {SHORTCUTS.map(([keys, description]) => (
          <div key={keys} className="shortcuts__row">
            <dt>
              <kbd dir="ltr">{keys}</kbd>
            </dt>
            <dd>{t(description)}</dd>
          </div>
        ))}
      </dl>
    </Modal>
  );
}
