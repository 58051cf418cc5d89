import { useTranslation } from "react-i18next";
import { Button } from "../../components/Button";
import { PromptDialog, type PromptProps, type SpecOf } from "../../prompts";

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
    <PromptDialog
      title={t("upload.replaceTitle")}
      testId="prompt-replace"
      confirm={{
        label: t("upload.replace"),
        onConfirm: () => answer("replace"),
        testId: "replace-replace",
        cancelTestId: "replace-cancel",
      }}
      choices={
        <Button testId="replace-skip" onClick={() => answer("skip")}>
          {t("upload.skip")}
        </Button>
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
    </PromptDialog>
  );
}
