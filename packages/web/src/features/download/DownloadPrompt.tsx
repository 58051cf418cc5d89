import { useTranslation } from "react-i18next";
import { PromptDialog, type PromptProps, type SpecOf } from "../../prompts";
import { ARCHIVE_FORMATS, archiveUrl, startDownload } from "../../api/download";
import "./download.css";

/** The format chooser of an archive download (SPEC.md §2, §5). */
export function DownloadPrompt({ spec, close }: PromptProps<SpecOf<"download">>) {
  const { t } = useTranslation();
  return (
    <PromptDialog title={t("download.title")} testId="prompt-download" dismiss="cancel">
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
    </PromptDialog>
  );
}
