import type { PublicShare } from "@scriptorium/shared";
import { useRef, useState, type DragEvent } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "../../components/Icon";
import { isolatePath } from "../../lib/paths";
import { DropBoxList } from "./DropBoxList";
import { LinkLimits } from "./LinkLimits";
import { useDropBox } from "./use-drop-box";

interface DropBoxViewProps {
  hash: string;
  share: PublicShare;
  password: string | undefined;
  /** Reloads the box's info (files it still accepts). */
  onArrived: () => void;
}

const carriesFiles = (event: DragEvent) => event.dataTransfer.types.includes("Files");

/**
 * A drop box (an upload link): the visitor sends files and never sees what the folder holds.
 * Files are chosen or dropped, and sent resumably one after the other.
 */
export function DropBoxView({ hash, share, password, onArrived }: DropBoxViewProps) {
  const { t } = useTranslation();
  const [uploader, setUploader] = useState("");
  const [over, setOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const { items, add, cancel } = useDropBox(onArrived);
  const send = (files: readonly File[]) => {
    if (files.length > 0) add(files, { hash, password, uploader: uploader.trim() || undefined });
  };
  const onDrop = (event: DragEvent) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    setOver(false);
    // A drop box takes files: dropped folders are left out.
    const files = [...event.dataTransfer.items]
      .filter((item) => item.kind === "file" && (item.webkitGetAsEntry()?.isFile ?? true))
      .map((item) => item.getAsFile())
      .filter((file): file is File => file !== null);
    send(files);
  };

  return (
    <section className="card share-dropbox" data-testid="share-dropbox">
      <div className="share-dropbox__head">
        <Icon name="upload" size={40} className="share-file__icon" />
        <div>
          <h1 className="share-file__name" data-testid="share-name">
            {t("sharePage.dropBoxTitle", { name: isolatePath(share.share.name) })}
          </h1>
          <p className="muted">{t("sharePage.dropBoxIntro")}</p>
          <LinkLimits info={share.share} />
        </div>
      </div>
      <label className="field share-dropbox__name">
        <span className="field__label">{t("sharePage.yourName")}</span>
        <input
          className="input input--block"
          name="uploader"
          autoComplete="name"
          maxLength={100}
          value={uploader}
          onChange={(event) => setUploader(event.target.value)}
        />
        <span className="muted share-dropbox__hint">{t("sharePage.yourNameHint")}</span>
      </label>
      <div
        className={`share-dropzone${over ? " share-dropzone--over" : ""}`}
        data-testid="share-dropzone"
        onDragEnter={(event) => carriesFiles(event) && setOver(true)}
        onDragOver={(event) => {
          if (!carriesFiles(event)) return;
          event.preventDefault();
          event.dataTransfer.dropEffect = "copy";
        }}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
        }}
        onDrop={onDrop}
      >
        <Icon name="upload" size={32} />
        <p>{t("sharePage.dropHere")}</p>
        <button
          type="button"
          className="button button--primary"
          data-testid="share-choose-files"
          onClick={() => input.current?.click()}
        >
          {t("sharePage.chooseFiles")}
        </button>
        <input
          ref={input}
          type="file"
          multiple
          hidden
          data-testid="share-upload-input"
          onChange={(event) => {
            send([...(event.currentTarget.files ?? [])]);
            event.currentTarget.value = "";
          }}
        />
      </div>
      <DropBoxList items={items} onCancel={cancel} />
    </section>
  );
}
