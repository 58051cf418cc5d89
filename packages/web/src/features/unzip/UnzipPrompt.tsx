import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useUser } from "../../state/auth-store";
import { FolderPicker } from "../../components/folder-picker/FolderPicker";
import { PromptDialog, type PromptProps, type SpecOf } from "../../prompts";
import { runUnzip } from "./run-unzip";

/** Where to extract an archive: the folder picker, opened at the folder on screen. */
export function UnzipPrompt({ spec, close }: PromptProps<SpecOf<"unzip">>) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const canCreate = Boolean(useUser()?.perm.create);
  const [folder, setFolder] = useState(spec.dir);

  const submit = () => {
    close();
    void runUnzip(spec.archive, folder, queryClient);
  };

  return (
    <PromptDialog
      title={t("unzip.title")}
      testId="prompt-unzip"
      confirm={{ label: t("unzip.submit"), onConfirm: submit, testId: "unzip-submit" }}
    >
      <p>{t("unzip.message", { name: spec.archive.name })}</p>
      <FolderPicker initialPath={spec.dir} onChange={setFolder} allowCreate={canCreate} />
    </PromptDialog>
  );
}
