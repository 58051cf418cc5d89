import { useTranslation } from "react-i18next";
import { Modal } from "../../components/Modal";
import { PromptFooter, type PromptProps, type SpecOf } from "../../prompts";

/** How many conflicting names are listed; the rest are counted. */
const SHOWN = 8;

/**
 * SPEC.md §5 replace check of an upload: some names exist in the folder. Replace overwrites
 * them, Skip uploads only the rest, Cancel (or Escape) uploads nothing.
 */
export function ReplacePrompt({ spec, close }: PromptProps<SpecOf<"replace">>) {
  const { t } = useTranslation();
  const answer = (choice: "replace" | "skip") => {
    close();
    spec.choose(choice);
  };
  const more = spec.names.length - SHOWN;
  return (
    <Modal
      title={t("upload.replaceTitle")}
      onClose={close}
      testId="prompt-replace"
      footer={
        <PromptFooter
          onCancel={close}
          cancelTestId="replace-cancel"
          confirmLabel={t("upload.replace")}
          onConfirm={() => answer("replace")}
          confirmTestId="replace-replace"
        >
          <button
            type="button"
            className="button"
            data-testid="replace-skip"
            onClick={() => answer("skip")}
          >
            {t("upload.skip")}
          </button>
        </PromptFooter>
      }
    >
      <p>{t("upload.replaceMessage")}</p>
      <ul className="replace-names">
        {spec.names.slice(0, SHOWN).map((name) => (
          <li key={name}>
            <bdi>{name}</bdi>
          </li>
        ))}
        {more > 0 && <li className="muted">{t("upload.more", { count: more })}</li>}
      </ul>
    </Modal>
  );
}
