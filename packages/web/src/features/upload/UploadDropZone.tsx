import { useRef, useState, type DragEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { handleError } from "../../state/handle-error";
import { Icon } from "../../components/Icon";
import { useUser } from "../../state/auth-store";
import { currentFolder } from "../../state/current-resource";
import { pickedFromInput } from "./picked";
import { dropEntries, readEntries } from "./read-entries";
import { startUpload } from "./start-upload";
import { UploadInputs } from "./UploadInputs";
import "./upload.css";

/** Only drags from the desktop carry "Files"; items dragged inside the listing do not. */
const carriesFiles = (event: DragEvent) => event.dataTransfer.types.includes("Files");

/** A folder row or tile under the pointer: dropping on it uploads into that folder. */
function folderUnder(target: EventTarget): string | null {
  if (!(target instanceof Element)) return null;
  const item = target.closest<HTMLElement>('[data-testid="listing-item"][data-dir="true"]');
  return item?.dataset.name ?? null;
}

/**
 * Wraps the listing: desktop files and folders dropped on it are uploaded into the folder on
 * screen, or into the folder item they are dropped on (SPEC.md §2, create permission). Drags
 * of listing items (moves) are left to the listing. Also holds the hidden file inputs of the
 * upload action.
 */
export function UploadDropZone({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const canUpload = Boolean(useUser()?.perm.create);
  const [over, setOver] = useState(false);
  // dragenter/dragleave fire for every child crossed: count them to know when the drag left.
  const depth = useRef(0);

  const accepts = (event: DragEvent) => canUpload && carriesFiles(event);

  const onDragEnter = (event: DragEvent) => {
    if (!accepts(event)) return;
    event.preventDefault();
    depth.current += 1;
    setOver(true);
  };
  const onDragOver = (event: DragEvent) => {
    if (!accepts(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = "copy";
  };
  const onDragLeave = (event: DragEvent) => {
    if (!accepts(event)) return;
    depth.current = Math.max(0, depth.current - 1);
    if (depth.current === 0) setOver(false);
  };
  const onDrop = (event: DragEvent) => {
    if (!accepts(event)) return;
    event.preventDefault();
    depth.current = 0;
    setOver(false);
    const sub = folderUnder(event.target);
    const folder = currentFolder() + (sub === null ? "" : `${sub}/`);
    // Entries and files must be taken now: the DataTransfer empties after this handler.
    const entries = dropEntries(event.dataTransfer);
    const files = [...event.dataTransfer.files];
    const reading = entries ? readEntries(entries) : Promise.resolve(pickedFromInput(files));
    reading.then((picked) => startUpload(picked, folder)).catch(handleError);
  };

  return (
    <div
      className={`upload-drop${over ? " upload-drop--over" : ""}`}
      data-testid="upload-drop"
      onDragEnter={onDragEnter}
      onDragOver={onDragOver}
      onDragLeave={onDragLeave}
      onDrop={onDrop}
    >
      {children}
      {over && (
        <div className="upload-drop__hint" aria-hidden="true">
          <Icon name="upload" size={32} />
          <span>{t("upload.dropHere")}</span>
        </div>
      )}
      {canUpload && <UploadInputs />}
    </div>
  );
}
