import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Modal } from "../../components/Modal";
import type { PromptProps } from "./PromptHost";

/**
 * The newFile and newDir prompts. Creating files arrives with the file listing; until then a
 * non-empty name gets an honest "not available yet" note instead of a pretend success.
 */
export function NewEntryPrompt({ spec, close }: PromptProps) {
  const { t } = useTranslation();
  const [name, setName] = useState("");
  const [notice, setNotice] = useState(false);
  const isDir = spec.name === "newDir";

  const submit = () => {
    // SPEC.md §5: an empty (trimmed) name does nothing.
    if (name.trim() === "") return;
    setNotice(true);
  };

  return (
    <Modal
      title={t(isDir ? "prompts.newFolder" : "prompts.newFile")}
      onClose={close}
      onSubmit={submit}
      testId={isDir ? "prompt-new-dir" : "prompt-new-file"}
      footer={
        <>
          <button type="button" className="button button--flat" onClick={close}>
            {t("buttons.cancel")}
          </button>
          <button type="submit" className="button button--primary">
            {t("buttons.create")}
          </button>
        </>
      }
    >
      <p>{t(isDir ? "prompts.newFolderMessage" : "prompts.newFileMessage")}</p>
      <input
        className="input input--block"
        name="name"
        autoComplete="off"
        aria-label={t(isDir ? "prompts.newFolder" : "prompts.newFile")}
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          setNotice(false);
        }}
      />
      {notice && (
        <p className="notice" role="status">
          {t("prompts.notAvailableYet")}
        </p>
      )}
    </Modal>
  );
}
