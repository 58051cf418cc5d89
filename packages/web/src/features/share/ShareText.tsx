import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "../../components/Icon";
import { formatBytes } from "../../lib/format-bytes";
import { textViewSlot } from "../../slots/text-view";
import { fetchTextStart, TEXT_PREVIEW_BYTES } from "./share-text";

interface ShareTextProps {
  /** The file served inline (never counted as a download). */
  src: string;
  /** The file as an attachment, for the whole of a long text. */
  download: string;
  name: string;
  size: number;
}

type Loaded = { src: string } & (
  { kind: "ready"; text: string; cut: boolean } | { kind: "failed" }
);

/**
 * A shared text file read only, highlighted as in the editor: its first 256 KiB, with a note
 * and the download for the rest of a longer file.
 */
export function ShareText({ src, download, name, size }: ShareTextProps) {
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState<Loaded>();
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    fetchTextStart(src, TEXT_PREVIEW_BYTES, controller.signal).then(
      ({ text, cut }) => setLoaded({ src, kind: "ready", text, cut }),
      () => !controller.signal.aborted && setLoaded({ src, kind: "failed" }),
    );
    return () => controller.abort();
  }, [src, attempt]);

  const TextView = textViewSlot.get();
  const current = loaded?.src === src ? loaded : undefined;
  if (!current) {
    return (
      <div
        className="share-text share-text--loading"
        data-testid="share-text-loading"
        aria-busy="true"
      />
    );
  }
  if (current.kind === "failed") {
    return (
      <div className="share-text share-text--failed" role="alert" data-testid="share-text-failed">
        <p>{t("sharePage.textFailed")}</p>
        <button type="button" className="button" onClick={() => setAttempt((n) => n + 1)}>
          {t("buttons.retry")}
        </button>
      </div>
    );
  }
  return (
    <div className="share-text" data-testid="share-text">
      {current.cut && (
        <p className="share-text__note" data-testid="share-text-cut">
          <Icon name="info" size={18} />
          <span>
            {t("sharePage.textCut", {
              shown: formatBytes(TEXT_PREVIEW_BYTES),
              size: formatBytes(size),
            })}{" "}
            <a href={download} download="">
              {t("sharePage.textCutDownload")}
            </a>
          </span>
        </p>
      )}
      <div className="share-text__view">
        <TextView text={current.text} name={name} label={t("sharePage.textLabel", { name })} />
      </div>
    </div>
  );
}
