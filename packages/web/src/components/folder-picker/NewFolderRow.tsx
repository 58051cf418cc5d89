import { useQueryClient } from "@tanstack/react-query";
import { useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { handleError } from "../../state/handle-error";
import { childPath } from "../../lib/paths";
import { createEntry, resourceKey } from "../../api/resource-api";

interface NewFolderRowProps {
  /** The folder to create in (decoded, ending with "/"). */
  folder: string;
  /** The new folder's path, ending with "/". */
  onCreated: (path: string) => void;
  onCancel: () => void;
}

/**
 * The picker's own "new folder" field (POST /api/resources{folder}{name}/). It is not a form,
 * so that the picker can sit inside a dialog's form; Enter creates, Escape closes the field
 * and not the dialog.
 */
export function NewFolderRow({ folder, onCreated, onCancel }: NewFolderRowProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);

  const create = () => {
    const trimmed = name.trim();
    if (busy || trimmed === "" || trimmed === "." || trimmed === ".." || trimmed.includes("/")) {
      return;
    }
    const path = childPath(folder, trimmed, true);
    setBusy(true);
    createEntry(path)
      .then(async () => {
        await queryClient.invalidateQueries({ queryKey: resourceKey(folder) });
        onCreated(path);
      })
      .catch((err: unknown) => {
        setBusy(false);
        handleError(err);
      });
  };

  const keyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter") {
      event.preventDefault();
      create();
    } else if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      onCancel();
    }
  };

  return (
    <div className="folder-picker__new">
      <input
        className="input"
        name="name"
        autoComplete="off"
        spellCheck={false}
        // The field appears because the user asked for it.
        autoFocus
        placeholder={t("folderPicker.newFolderName")}
        aria-label={t("folderPicker.newFolderName")}
        data-testid="folder-picker-new-name"
        value={name}
        disabled={busy}
        onChange={(event) => setName(event.target.value)}
        onKeyDown={keyDown}
      />
      <button
        type="button"
        className="button button--primary"
        data-testid="folder-picker-create"
        disabled={busy}
        onClick={create}
      >
        {t("buttons.create")}
      </button>
    </div>
  );
}
