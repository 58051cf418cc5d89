import { useTranslation } from "react-i18next";
import { Icon } from "../../components/Icon";
import { PromptDialog, type PromptProps, type SpecOf } from "../../prompts";
import { openUploadPicker, type PickerKind } from "./upload-inputs";

/** The upload prompt: files or a whole folder (SPEC.md §2). */
export function UploadPrompt({ close }: PromptProps<SpecOf<"upload">>) {
  const { t } = useTranslation();
  const choose = (kind: PickerKind) => {
    close();
    openUploadPicker(kind);
  };
  return (
    <PromptDialog title={t("upload.title")} testId="prompt-upload" dismiss="cancel">
      <p>{t("upload.choose")}</p>
      <div className="upload-choices">
        {(
          [
            ["files", "file"],
            ["folder", "folder"],
          ] as const
        ).map(([kind, icon]) => (
          <button
            key={kind}
            type="button"
            className="button upload-choices__button"
            data-testid={`upload-choose-${kind}`}
            onClick={() => choose(kind)}
          >
            <Icon name={icon} />
            {t(`upload.${kind}`)}
          </button>
        ))}
      </div>
    </PromptDialog>
  );
}
