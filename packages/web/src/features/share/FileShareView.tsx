import { SHARE_QR_SIZE, type PublicShare } from "@scriptorium/shared";
import { useTranslation } from "react-i18next";
import { Icon, typeIcon } from "../../components/Icon";
import { formatBytes } from "../../lib/format-bytes";
import { formatAbsolute, formatExact, parseModified } from "../../lib/format-date";
import type { ShareUrls } from "./public-share-api";
import { LinkLimits } from "./LinkLimits";
import { PREVIEWABLE, ShareMedia } from "./ShareMedia";
import { ShareQr } from "./ShareQr";
import { ShareText } from "./ShareText";
import { isTextType } from "./share-text";

/**
 * A file link: what the file is, download and open, a preview of media or of text (read only,
 * highlighted as in the editor), the QR code.
 */
export function FileShareView({
  share,
  path,
  urls,
}: {
  share: PublicShare;
  /** "/" for a file link; a file's path inside a folder link. */
  path: string;
  urls: ShareUrls;
}) {
  const { t, i18n } = useTranslation();
  const name = share.name ?? share.share.name;
  const type = share.type ?? "blob";
  return (
    <section className="card share-file" data-testid="share-file">
      <div className="share-file__main">
        <div className="share-file__head">
          <Icon name={typeIcon({ isDir: false, type })} size={40} className="share-file__icon" />
          <div className="share-file__text">
            <h1 className="share-file__name" data-testid="share-name">
              {name}
            </h1>
            <dl className="share-facts">
              <div>
                <dt>{t("files.size")}</dt>
                <dd data-testid="share-size">{formatBytes(share.size ?? 0)}</dd>
              </div>
              {share.modified && (
                <div>
                  <dt>{t("files.lastModified")}</dt>
                  <dd
                    data-testid="share-modified"
                    title={formatExact(parseModified(share.modified), i18n.language)}
                  >
                    {formatAbsolute(parseModified(share.modified), i18n.language)}
                  </dd>
                </div>
              )}
            </dl>
            <LinkLimits info={share.share} />
          </div>
        </div>
        <div className="share-actions">
          <a
            className="button button--primary"
            href={urls.download(path)}
            download=""
            data-testid="share-download"
          >
            <Icon name="download" size={20} />
            {t("download.action")}
          </a>
          <a
            className="button"
            href={urls.open(path)}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="share-open"
          >
            <Icon name="external" size={20} />
            {t("sharePage.open")}
          </a>
        </div>
        {PREVIEWABLE.has(type) && (
          <div className="share-preview">
            <ShareMedia type={type} src={urls.inline(path)} name={name} />
          </div>
        )}
        {isTextType(type) && (share.size ?? 0) > 0 && (
          <div className="share-preview share-preview--text" data-testid="share-preview">
            <ShareText
              src={urls.open(path)}
              download={urls.download(path)}
              name={name}
              size={share.size ?? 0}
            />
          </div>
        )}
      </div>
      <ShareQr size={SHARE_QR_SIZE.file} />
    </section>
  );
}
