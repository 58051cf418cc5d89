import type { Resource } from "@scriptorium/shared";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { Icon, typeIcon } from "../../components/Icon";
import { formatBytes } from "../../lib/format-bytes";
import { baseName, encodePath } from "../../lib/paths";
import { pdfViewerSlot } from "../../slots/pdf";
import { fileUrls } from "../../api/resource-api";
import { DownloadLink, OpenInlineLink } from "../../components/FileLinks";
import { opensInline } from "../../lib/open-inline";

interface ViewProps {
  resource: Resource;
  onError: () => void;
}

/** Audio in the browser's own player. */
export function AudioView({ resource, onError }: ViewProps) {
  return (
    <div className="preview-media preview-media--audio">
      <Icon name="fileAudio" size={64} />
      <p className="preview-media__name">{resource.name}</p>
      <audio
        controls
        preload="metadata"
        src={fileUrls.raw(resource.path, true)}
        data-testid="preview-audio"
        onError={onError}
      />
    </div>
  );
}

/** Video with one subtitle track per subtitle file the server found (API.md §2.4, §5). */
export function VideoView({ resource, onError }: ViewProps) {
  return (
    <video
      className="preview-media preview-media--video"
      controls
      preload="metadata"
      src={fileUrls.raw(resource.path, true)}
      data-testid="preview-video"
      onError={onError}
    >
      {(resource.subtitles ?? []).map((path) => (
        <track key={path} kind="subtitles" src={fileUrls.subtitle(path)} label={baseName(path)} />
      ))}
    </video>
  );
}

/**
 * PDFs in the app's viewer (slots/pdf.ts); a double-click opens the source line SyncTeX finds
 * there in the editor.
 */
export function PdfView({ resource }: { resource: Resource }) {
  const navigate = useNavigate();
  const Viewer = pdfViewerSlot.get();
  return (
    <Viewer
      path={resource.path}
      version={resource.modified}
      label={resource.name}
      onSource={(source) => void navigate(`/files${encodePath(source.file)}?line=${source.line}`)}
    />
  );
}

/** "2024-10-04T22:08:29.123456789+02:00": Date.parse accepts at most milliseconds. */
function parseDate(modified: string): Date {
  return new Date(modified.replace(/(\.\d{3})\d+/, "$1"));
}

/**
 * Files without a preview (blob, broken links) and media the browser could not show: what the
 * file is, and the ways to get it.
 */
export function FileCard({
  resource,
  canDownload,
  message,
}: {
  resource: Resource;
  canDownload: boolean;
  message?: string;
}) {
  const { t, i18n } = useTranslation();
  const broken = resource.type === "invalid_link";
  const icon = typeIcon(resource);
  const date = parseDate(resource.modified);
  return (
    <div className="preview-card card" data-testid="preview-card">
      <Icon name={icon} size={56} className="preview-card__icon" />
      <h2 className="preview-card__name">{resource.name}</h2>
      <dl className="preview-card__facts">
        {!broken && (
          <div>
            <dt>{t("preview.size")}</dt>
            <dd>
              <bdi>{formatBytes(resource.size)}</bdi>
            </dd>
          </div>
        )}
        {!Number.isNaN(date.getTime()) && (
          <div>
            <dt>{t("preview.modified")}</dt>
            <dd>
              <time dateTime={resource.modified}>
                {date.toLocaleString(i18n.language, { dateStyle: "medium", timeStyle: "short" })}
              </time>
            </dd>
          </div>
        )}
      </dl>
      <p className="preview-card__message">
        {broken ? t("preview.brokenLink") : (message ?? t("preview.noPreview"))}
      </p>
      {!broken && (canDownload || opensInline(resource.extension)) && (
        <div className="preview-card__actions">
          {opensInline(resource.extension) && (
            <OpenInlineLink path={resource.path} testId="preview-card-open-inline" withLabel />
          )}
          {canDownload && (
            <DownloadLink path={resource.path} testId="preview-card-download" withLabel />
          )}
        </div>
      )}
    </div>
  );
}
