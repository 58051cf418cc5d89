import { useTranslation } from "react-i18next";
import { Modal } from "../../components/Modal";
import type { PromptProps, SpecOf } from "../../prompts";
import { ARCHIVE_FORMATS, archiveUrl, startDownload } from "../../api/download";
import "./download.css";

/** The format chooser of an archive download (SPEC.md §2, §5). */
export function DownloadPrompt({ spec, close }: PromptProps<SpecOf<"download">>) {
  const { t } = useTranslation();
  return (
    <Modal
      title={t("download.title")}
      onClose={close}
      testId="prompt-download"
      footer={
        <button type="button" className="button button--flat" onClick={close}>
          {t("buttons.cancel")}
        </button>
      }
    >
      <p>{t("download.chooseFormat")}</p>
      <div className="download-formats">
        {ARCHIVE_FORMATS.map(({ algo, label }, index) => (
          <button
            key={algo}
            type="button"
            className={index === 0 ? "button button--primary" : "button"}
            data-testid={`download-format-${algo}`}
            onClick={() => {
              close();
              startDownload(archiveUrl(spec.paths, algo));
            }}
          >
            {label}
          </button>
        ))}
      </div>
    </Modal>
  );
}
