import { useQueryClient } from "@tanstack/react-query";
import { STAGING_SUFFIX } from "@scriptorium/shared";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { handleError } from "../../state/handle-error";
import { NameInput, PromptDialog, type PromptProps, type SpecOf } from "../../prompts";
import "./organise.css";
import { checkNewName, renameItem } from "./rename";

/**
 * Rename one item (SPEC.md §2, F2). The name without its extension starts selected. The input
 * is trimmed; an empty name does nothing and an unchanged one just closes. The prompt stays
 * open on a failure (a name that exists: 409) to try another name.
 */
export function RenamePrompt({ spec, close }: PromptProps<SpecOf<"rename">>) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { item } = spec;
  const [name, setName] = useState(item.name);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const check = checkNewName(name, item.name);
  const refused = check === "invalid" || check === "reserved";

  useEffect(() => {
    const dot = item.isDir ? -1 : item.name.lastIndexOf(".");
    input.current?.setSelectionRange(0, dot > 0 ? dot : item.name.length);
  }, [item]);

  const submit = () => {
    if (busy || check === "empty" || refused) return;
    if (check === "unchanged") {
      close();
      return;
    }
    setBusy(true);
    renameItem(item, name.trim(), queryClient)
      .then(close)
      .catch((err: unknown) => {
        setBusy(false);
        handleError(err);
      });
  };

  return (
    <PromptDialog
      title={t("prompts.rename")}
      testId="prompt-rename"
      onSubmit={submit}
      confirm={{ label: t("buttons.rename"), disabled: busy || refused }}
    >
      <p>{t("prompts.renameMessage")}</p>
      <NameInput
        ref={input}
        label={t("prompts.newName")}
        value={name}
        onChange={setName}
        problem={
          refused
            ? check === "invalid"
              ? t("prompts.invalidName")
              : t("prompts.reservedName", { suffix: STAGING_SUFFIX })
            : null
        }
        problemId="rename-invalid"
        problemClassName="organise__hint organise__hint--error"
      />
    </PromptDialog>
  );
}
