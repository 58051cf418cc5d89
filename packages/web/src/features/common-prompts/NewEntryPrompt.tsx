import { useQueryClient } from "@tanstack/react-query";
import { STAGING_SUFFIX, stagingNameIn } from "@scriptorium/shared";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { handleError } from "../../state/handle-error";
import { childPath } from "../../lib/paths";
import { createEntry, itemUrl, resourceKey } from "../../api/resource-api";
import type { PromptProps, SpecOf } from "../../prompts/prompt-specs";
import { NameInput } from "../../prompts/NameInput";
import { PromptDialog } from "../../prompts/PromptDialog";

/** Names that would not create anything new ("." and ".." are the folder and its parent). */
const isEmptyName = (name: string) => name === "" || name === "." || name === "..";

/**
 * The newFile and newDir prompts: create an empty file or a folder in `spec.dir`, then open
 * it (the editor for a file, the listing for a folder) as File Browser does. Failures (409
 * when the name exists, 403 without the create permission) become an error toast and the
 * prompt stays open to pick another name.
 */
export function NewEntryPrompt({ spec, close }: PromptProps<SpecOf<"newFile" | "newDir">>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);
  const isDir = spec.name === "newDir";
  // Names ending with the staging suffix are the server's files being written (400 there).
  const reserved = stagingNameIn(name.trim()) !== undefined;

  const submit = () => {
    // SPEC.md §5: an empty (trimmed) name does nothing.
    const trimmed = name.trim();
    if (isEmptyName(trimmed) || reserved || busy) return;
    const dir = spec.dir ?? "/";
    const path = childPath(dir, trimmed, isDir);
    setBusy(true);
    createEntry(path)
      .then(() => {
        void queryClient.invalidateQueries({ queryKey: resourceKey(dir) });
        close();
        void navigate(itemUrl({ path, isDir }));
      })
      .catch((err: unknown) => {
        setBusy(false);
        handleError(err);
      });
  };

  return (
    <PromptDialog
      title={t(isDir ? "prompts.newFolder" : "prompts.newFile")}
      testId={isDir ? "prompt-new-dir" : "prompt-new-file"}
      onSubmit={submit}
      confirm={{ label: t("buttons.create"), disabled: busy || reserved }}
    >
      <p>{t(isDir ? "prompts.newFolderMessage" : "prompts.newFileMessage")}</p>
      <NameInput
        label={t(isDir ? "prompts.newFolder" : "prompts.newFile")}
        value={name}
        onChange={setName}
        problem={reserved ? t("prompts.reservedName", { suffix: STAGING_SUFFIX }) : null}
        problemId="new-entry-reserved"
        problemClassName="notice notice--danger"
      />
    </PromptDialog>
  );
}
