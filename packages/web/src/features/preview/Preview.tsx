import type { Item, Resource } from "@scriptorium/shared";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { IconButton } from "../../components/IconButton";
import { useUser } from "../../state/auth-store";
import { fileUrls, itemUrl, useResource } from "../../api/resource-api";
import { DownloadLink, OpenInlineLink } from "../../components/FileLinks";
import { ImageViewer } from "./ImageViewer";
import { AudioView, FileCard, PdfView, VideoView } from "./MediaViews";
import { parentUrl, siblings } from "../../components/navigation";
import { opensInline } from "../../lib/open-inline";
import { usePreviewKeys } from "./use-preview-keys";
import "../../components/file-panel.css";
import { parentFolder } from "../../lib/paths";
import "./preview.css";

/**
 * The preview of /files/<file> for every type but text: images (zoomable), audio, video with
 * subtitles, PDFs, and a card for the rest. Steps through the files of the folder with the
 * arrows (buttons, keys, swipe); Escape or ✕ goes back to the folder.
 */
export function Preview({ resource }: { resource: Resource }) {
  // Another file starts with a fresh view (zoom, errors).
  return <PreviewPage key={resource.path} resource={resource} />;
}

function PreviewPage({ resource }: { resource: Resource }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useUser();
  const canDownload = Boolean(user?.perm.download);
  const listing = useResource(parentFolder(resource.path));
  const { previous, next, index, total } = siblings(listing.data?.items ?? [], resource.name);
  const [failed, setFailed] = useState(false);

  const close = () => void navigate(parentUrl(resource.path));
  // Replace, so Back returns to the folder rather than through every file seen.
  const go = (item: Item | undefined) => item && void navigate(itemUrl(item), { replace: true });
  usePreviewKeys({ previous: () => go(previous), next: () => go(next), close });
  usePreload(next);
  usePreload(previous);

  const onSwipe = (direction: "left" | "right") => {
    const rtl = document.documentElement.dir === "rtl";
    go((direction === "left") !== rtl ? next : previous);
  };
  const onError = () => setFailed(true);

  // Every preview reads the file's bytes, which needs the download permission.
  const media = ["image", "audio", "video", "pdf"].includes(resource.type);
  let body;
  if (media && !canDownload) {
    body = <FileCard resource={resource} canDownload={false} message={t("preview.noDownload")} />;
  } else if (failed) {
    body = (
      <FileCard resource={resource} canDownload={canDownload} message={t("preview.loadFailed")} />
    );
  } else if (resource.type === "image") {
    body = <ImageViewer resource={resource} onSwipe={onSwipe} onError={onError} />;
  } else if (resource.type === "audio") {
    body = <AudioView resource={resource} onError={onError} />;
  } else if (resource.type === "video") {
    body = <VideoView resource={resource} onError={onError} />;
  } else if (resource.type === "pdf") {
    body = <PdfView resource={resource} />;
  } else {
    body = <FileCard resource={resource} canDownload={canDownload} />;
  }

  return (
    <section className="file-panel preview" data-testid="preview" aria-label={resource.name}>
      <div className="file-panel__bar preview__bar">
        <IconButton
          icon="close"
          label={t("buttons.close")}
          testId="preview-close"
          onClick={close}
        />
        <div className="preview__title">
          <h1 className="preview__name" title={resource.path} dir="auto">
            {resource.name}
          </h1>
          {index >= 0 && total > 1 && (
            <span className="preview__position" data-testid="preview-position">
              {t("preview.position", { index: index + 1, total })}
            </span>
          )}
        </div>
        <div className="preview__actions">
          {(
            [
              ["preview-prev", "chevronBack", "preview.previous", previous],
              ["preview-next", "chevron", "preview.next", next],
            ] as const
          ).map(([testId, icon, label, item]) => (
            <IconButton
              key={testId}
              icon={icon}
              label={t(label)}
              testId={testId}
              disabled={!item}
              onClick={() => go(item)}
            />
          ))}
          {opensInline(resource.extension) && (
            <OpenInlineLink path={resource.path} testId="preview-open-inline" />
          )}
          {canDownload && resource.type !== "invalid_link" && (
            <DownloadLink path={resource.path} testId="preview-download" />
          )}
        </div>
      </div>
      <div className={`preview__stage preview__stage--${failed ? "card" : resource.type}`}>
        {body}
      </div>
    </section>
  );
}

/** Fetches a neighbouring image's preview ahead, so stepping to it is instant. */
function usePreload(item: Item | undefined) {
  const url = item?.type === "image" ? fileUrls.preview("big", item) : undefined;
  useEffect(() => {
    if (!url) return;
    const image = new Image();
    image.src = url;
  }, [url]);
}
