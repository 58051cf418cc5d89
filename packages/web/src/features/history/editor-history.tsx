import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "../../components/Icon";
import type { EditedFile, EditorAddOns } from "../../slots/editor";
import { HistoryDialog } from "./HistoryDialog";

/**
 * The editor's History button and the history dialog it opens. Unsaved changes are saved first:
 * the present content is then what the versions are compared with, and a restore never meets
 * text the editor still holds.
 */
function HistoryButton({ file }: { file: EditedFile }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="button button--flat editor-history"
        data-testid="editor-history"
        title={t("history.title")}
        onClick={() => {
          void file.saveIfDirty().then((saved) => {
            if (saved) setOpen(true);
          });
        }}
      >
        <Icon name="history" size={18} />
        <span className="editor-history__text">{t("history.title")}</span>
      </button>
      {open && <HistoryDialog path={file.path} name={file.name} onClose={() => setOpen(false)} />}
    </>
  );
}

/** What the history adds to the editor of any file: its History button in the bar. */
export function useEditorHistory(file: EditedFile): EditorAddOns {
  return { bar: <HistoryButton file={file} />, pane: null };
}
