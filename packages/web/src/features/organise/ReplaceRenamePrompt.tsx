import { useTranslation } from "react-i18next";
import { Button } from "../../components/Button";
import { PromptDialog, type PromptProps, type SpecOf } from "../../prompts";
import { ItemNames } from "./ItemNames";

/**
 * Names that exist at the destination (SPEC.md §5): rename keeps both (the server picks
 * name(1).ext), replace overwrites — offered only with the modify permission —, cancel sends
 * nothing.
 */
export function ReplaceRenamePrompt({ spec, close }: PromptProps<SpecOf<"replaceRename">>) {
  const { t } = useTranslation();
  const answer = (choice: "rename" | "replace") => {
    spec.choose(choice);
    close();
  };

  return (
    <PromptDialog
      title={t("prompts.replaceRename")}
      testId="prompt-replace-rename"
      confirm={{
        label: t("buttons.rename"),
        onConfirm: () => answer("rename"),
        testId: "replace-rename-rename",
        cancelTestId: "replace-rename-cancel",
      }}
      choices={
        spec.canReplace && (
          <Button tone="flat" testId="replace-rename-replace" onClick={() => answer("replace")}>
            {t("buttons.replace")}
          </Button>
        )
      }
    >
      <p>{t("prompts.replaceRenameMessage")}</p>
      <ItemNames names={spec.conflicts} />
    </PromptDialog>
  );
}
