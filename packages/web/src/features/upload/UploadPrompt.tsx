import { useTranslation } from "react-i18next";
import { Icon } from "../../components/Icon";
import { Modal } from "../../components/Modal";
import type { PromptProps, SpecOf } from "../../prompts";
import { openUploadPicker, type PickerKind } from "./upload-inputs";

/** The upload prompt: files or a whole folder (SPEC.md §2). */
export function UploadPrompt({ close }: PromptProps<SpecOf<"upload">>) {
  const { t } = useTranslation();
  const choose = (kind: PickerKind) => {
    close();
    openUploadPicker(kind);
  };
  return (
    <Modal
      title={t("upload.title")}
      onClose={close}
      testId="prompt-upload"
      footer={
        <button type="button" className="button button--flat" onClick={close}>
          {t("buttons.cancel")}
        </button>
      }
    >
      <p>{t("upload.choose")}</p>
      <div className="upload-choices">
        <button
          type="button"
          className="button upload-choices__button"
          data-testid="upload-choose-files"
          onClick={() => choose("files")}
        >
          <Icon name="file" />
          {t("upload.files")}
        </button>
        <button
          type="button"
          className="button upload-choices__button"
          data-testid="upload-choose-folder"
          onClick={() => choose("folder")}
        >
          <Icon name="folder" />
          {t("upload.folder")}
        </button>
      </div>
    </Modal>
  );
}
