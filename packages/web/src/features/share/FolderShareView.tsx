import { SHARE_QR_SIZE, type Item, type PublicShare } from "@scriptorium/shared";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { Icon } from "../../components/Icon";
import { startDownload } from "../../api/download";
import { ArchiveChooser } from "./ArchiveChooser";
import { LinkLimits } from "./LinkLimits";
import type { ShareUrls } from "./public-share-api";
import { ShareCrumbs } from "./ShareCrumbs";
import { ShareItems } from "./ShareItems";
import { PREVIEWABLE, ShareMedia } from "./ShareMedia";
import { ShareEdition } from "./ShareEdition";
import { ShareQr } from "./ShareQr";
import { ShareText } from "./ShareText";
import { editionPages, isTextType } from "./share-text";
import { shareFolderRoute } from "./share-location";

interface FolderShareViewProps {
  hash: string;
  /** The folder on screen, inside the link ("/" for its root). */
  path: string;
  share: PublicShare;
  urls: ShareUrls;
}

/**
 * A folder link: its items with selection, a preview of the selected image, audio, video or
 * text, downloads of one file or of the selection (or the folder) as an archive, the QR code;
 * in a folder of m2hv's output, its pages to read.
 */
export function FolderShareView({ hash, path, share, urls }: FolderShareViewProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const items = share.items ?? [];
  // Names in the order they were selected.
  const [selection, setSelection] = useState<string[]>([]);
  const selected = new Set(selection);
  const toggle = (name: string) =>
    setSelection((names) =>
      names.includes(name) ? names.filter((n) => n !== name) : [...names, name],
    );
  const byName = new Map(items.map((item) => [item.name, item]));
  const chosen = selection.map((name) => byName.get(name)).filter((i): i is Item => !!i);
  // The preview shows the last selected image, audio, video or text.
  const previewed = chosen
    .filter((item) => !item.isDir && (PREVIEWABLE.has(item.type) || isTextType(item.type)))
    .at(-1);
  const textPreview = previewed !== undefined && isTextType(previewed.type);
  const pages = editionPages(items);
  const single = chosen.length === 1 && chosen[0] && !chosen[0].isDir ? chosen[0] : undefined;
  const folderName = path === "/" ? share.share.name : (share.name ?? share.share.name);

  return (
    <div className="share-folder" data-testid="share-folder">
      <section className="card share-folder__head">
        <div className="share-folder__title">
          {path !== "/" && <ShareCrumbs hash={hash} name={share.share.name} path={path} />}
          <h1 className="share-folder__name" data-testid="share-name">
            {folderName}
          </h1>
          <p className="muted">
            {t("sharePage.counts", { folders: share.numDirs ?? 0, files: share.numFiles ?? 0 })}
          </p>
          <LinkLimits info={share.share} />
        </div>
        <ShareQr size={SHARE_QR_SIZE.folder} />
      </section>

      {pages.length > 0 && <ShareEdition key={path} pages={pages} urls={urls} />}

      <div className="share-toolbar" data-testid="share-toolbar">
        <span className="share-toolbar__count" data-testid="share-selected-count">
          {chosen.length > 0 ? t("header.selected", { count: chosen.length }) : ""}
        </span>
        {single ? (
          <a
            className="button button--primary"
            href={urls.download(single.path)}
            download=""
            data-testid="share-download-file"
          >
            <Icon name="download" size={20} />
            {t("download.action")}
          </a>
        ) : (
          <ArchiveChooser
            label={
              chosen.length > 0 ? t("sharePage.downloadSelection") : t("sharePage.downloadAll")
            }
            onChoose={(algo) =>
              startDownload(
                urls.archive(
                  path,
                  chosen.map((item) => item.name),
                  algo,
                ),
              )
            }
          />
        )}
        {chosen.length > 0 && (
          <button type="button" className="button button--flat" onClick={() => setSelection([])}>
            {t("buttons.clearSelection")}
          </button>
        )}
      </div>

      <div
        className={`share-folder__body${previewed ? " share-folder__body--preview" : ""}${textPreview ? " share-folder__body--text" : ""}`}
      >
        <ShareItems
          hash={hash}
          items={items}
          selected={selected}
          onToggle={toggle}
          onOpen={(item) => void navigate(shareFolderRoute(hash, item.path))}
        />
        {previewed && (
          <aside
            className="card share-preview share-folder__preview"
            data-testid="share-preview"
            aria-label={t("sharePage.preview")}
          >
            <p className="share-preview__name">{previewed.name}</p>
            {textPreview ? (
              <ShareText
                key={previewed.path}
                src={urls.open(previewed.path)}
                download={urls.download(previewed.path)}
                name={previewed.name}
                size={previewed.size}
              />
            ) : (
              <ShareMedia
                key={previewed.path}
                type={previewed.type}
                src={urls.inline(previewed.path)}
                name={previewed.name}
              />
            )}
          </aside>
        )}
      </div>
    </div>
  );
}
