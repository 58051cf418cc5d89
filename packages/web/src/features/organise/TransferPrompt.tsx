import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { handleError } from "../../state/handle-error";
import { useUser } from "../../state/auth-store";
import { FolderPicker } from "../../components/folder-picker/FolderPicker";
import { PromptDialog, type PromptProps, type SpecOf } from "../../prompts";
import { isInside, isolatePath } from "../../lib/paths";
import { entersItself } from "./conflicts";
import "./organise.css";
import { transferItems } from "./transfer";

/**
 * Move or copy the selection (SPEC.md §2) into a folder chosen with the picker. Move is
 * disabled while the destination is the items' own folder, and a folder cannot go into
 * itself. Confirming closes the dialog; the header button shows the progress and a name
 * conflict asks rename or replace (SPEC.md §5).
 */
export function TransferPrompt({ spec, close }: PromptProps<SpecOf<"move" | "copy">>) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const user = useUser();
  const [destination, setDestination] = useState(spec.dir);
  const move = spec.name === "move";
  const sameFolder = move && destination === spec.dir;
  const intoItself = entersItself(destination, spec.items);
  const blocked = sameFolder || intoItself;
  const folders = spec.items.filter((item) => item.isDir);

  const submit = () => {
    if (blocked) return;
    close();
    transferItems({
      mode: move ? "move" : "copy",
      items: spec.items,
      destination,
      queryClient,
      canReplace: Boolean(user?.perm.modify),
      trackId: spec.name,
    }).catch(handleError);
  };

  return (
    <PromptDialog
      title={t(move ? "prompts.move" : "prompts.copy")}
      testId={`prompt-${spec.name}`}
      confirm={{
        label: t(move ? "buttons.move" : "buttons.copy"),
        onConfirm: submit,
        disabled: blocked,
      }}
    >
      <p>{t(move ? "prompts.moveMessage" : "prompts.copyMessage")}</p>
      <FolderPicker
        initialPath={spec.dir}
        onChange={setDestination}
        allowCreate={Boolean(user?.perm.create)}
        isDisabled={(path) => folders.some((item) => isInside(path, item.from))}
      />
      <p className="organise__hint" aria-live="polite">
        {intoItself
          ? t("organise.intoItself")
          : sameFolder
            ? t("prompts.sameFolder")
            : t("prompts.destination", { path: isolatePath(destination) })}
      </p>
    </PromptDialog>
  );
}
