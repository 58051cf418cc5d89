import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "../../components/Icon";
import { ARCHIVE_FORMATS, type ArchiveAlgo } from "../../api/download";

interface ArchiveChooserProps {
  /** The button's text: download the selection, or the whole folder. */
  label: string;
  onChoose: (algo: ArchiveAlgo) => void;
}

/** A download button that opens the seven archive formats (SPEC.md §9). */
export function ArchiveChooser({ label, onChoose }: ArchiveChooserProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  // A click elsewhere or Escape closes the formats.
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!box.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setOpen(false);
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);
  return (
    <div className="share-archive" ref={box}>
      <button
        type="button"
        className="button button--primary"
        aria-expanded={open}
        data-testid="share-download-archive"
        onClick={() => setOpen((value) => !value)}
      >
        <Icon name="download" size={20} />
        {label}
      </button>
      {open && (
        <div
          className="share-archive__formats"
          role="group"
          aria-label={t("download.chooseFormat")}
          data-testid="share-formats"
        >
          <span className="share-archive__hint muted">{t("download.chooseFormat")}</span>
          {ARCHIVE_FORMATS.map(({ algo, label: format }) => (
            <button
              key={algo}
              type="button"
              className="button"
              data-testid={`share-format-${algo}`}
              onClick={() => {
                setOpen(false);
                onChoose(algo);
              }}
            >
              {format}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
