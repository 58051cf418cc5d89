import { defaultToolOutputName, splitCommandline } from "@scriptorium/shared";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Modal } from "../../components/Modal";
import { isolatePath, parentFolder } from "../../lib/paths";
import { fetchResource, resourceKey } from "../../api/resource-api";
import type { PromptProps, SpecOf } from "../../prompts";
import { ToolHelp } from "./ToolHelp";
import { toolUsage } from "./tool-options";
import { useToolRun } from "./use-tool-run";
import "./edition-tools.css";

/** A name of one folder: not empty, no slash, not "." or "..". */
function isFolderName(name: string): boolean {
  return name !== "" && name !== "." && name !== ".." && !name.includes("/");
}

/**
 * The dialog of m2hv, m2lv, m2ledmac and pdflatex (SPEC.md §4–§5): the output folder's name
 * (beside the source; none for pdflatex, which writes beside the source), an Overwrite checkbox
 * that must be ticked when that name exists, the tool's options and its help. While the tool
 * runs the dialog shows a spinner and Cancel aborts the request (the server kills the tool).
 */
export function ToolPrompt({ spec, close }: PromptProps<SpecOf<"editionTool">>) {
  const { t } = useTranslation();
  const { tool, source } = spec;
  const folder = parentFolder(source.path);
  const beside = tool === "pdflatex";
  const [name, setName] = useState(() => defaultToolOutputName(source.name, tool));
  const [override, setOverride] = useState(false);
  const [commandline, setCommandline] = useState("");
  const [helpShown, setHelpShown] = useState(false);
  const run = useToolRun(close);

  const listing = useQuery({
    queryKey: resourceKey(folder),
    queryFn: ({ signal }) => fetchResource(folder, signal),
    enabled: !beside,
  });
  const trimmed = name.trim();
  const exists = !beside && (listing.data?.items ?? []).some((item) => item.name === trimmed);
  const words = splitCommandline(commandline);
  const usage = toolUsage(tool);

  const blocked =
    run.running ||
    !words.ok ||
    (!beside && (!isFolderName(trimmed) || listing.isPending || (exists && !override)));

  const submit = () => {
    if (blocked) return;
    void run.start({
      source: source.path,
      tool,
      destination: beside ? folder : `${folder}${trimmed}`,
      commandline: words.ok ? words.words.join(" ") : "",
      override: exists && override,
    });
  };

  const footer = run.running ? (
    <button
      type="button"
      className="button button--flat"
      data-testid="tool-cancel-run"
      onClick={run.cancel}
    >
      {t("buttons.cancel")}
    </button>
  ) : (
    <>
      <button type="button" className="button button--flat" onClick={close}>
        {t("buttons.cancel")}
      </button>
      <button
        type="submit"
        className="button button--primary"
        disabled={blocked}
        data-testid="tool-submit"
      >
        {t("editionTools.prompt.run")}
      </button>
    </>
  );

  return (
    <Modal
      title={t("editionTools.prompt.title", { tool })}
      onClose={run.running ? run.cancel : close}
      onSubmit={submit}
      testId="prompt-edition-tool"
      footer={footer}
    >
      <p>{t("editionTools.prompt.message", { tool, name: isolatePath(source.path) })}</p>
      {!beside && (
        <label className="field">
          <span className="field__label">{t("editionTools.prompt.outputName")}</span>
          <input
            className="input input--block"
            name="output"
            autoComplete="off"
            spellCheck={false}
            value={name}
            disabled={run.running}
            onChange={(event) => {
              setName(event.target.value);
              setOverride(false);
            }}
            data-testid="tool-output-name"
          />
          <span className="field__hint muted">
            {t("editionTools.prompt.outputHint", { folder: isolatePath(folder) })}
          </span>
        </label>
      )}
      {exists && (
        <label className="checkbox" data-testid="tool-overwrite">
          <input
            type="checkbox"
            name="override"
            checked={override}
            disabled={run.running}
            onChange={(event) => setOverride(event.target.checked)}
          />
          <span>{t("editionTools.prompt.overwrite", { name: isolatePath(trimmed) })}</span>
        </label>
      )}
      <label className="field">
        <span className="field__label">{t("editionTools.prompt.options")}</span>
        <input
          className="input input--block"
          name="commandline"
          dir="ltr"
          autoComplete="off"
          spellCheck={false}
          value={commandline}
          disabled={run.running}
          placeholder={usage || t("editionTools.prompt.noOptions")}
          aria-invalid={!words.ok || undefined}
          onChange={(event) => setCommandline(event.target.value)}
          aria-describedby={usage ? "tool-usage" : undefined}
          data-testid="tool-commandline"
        />
        {usage && (
          <code id="tool-usage" className="field__hint tool-prompt__usage" dir="ltr">
            {usage}
          </code>
        )}
        {!words.ok && (
          <span className="field__hint tool-prompt__invalid" role="alert">
            {t("editionTools.prompt.badWord", { word: words.bad })}
          </span>
        )}
      </label>
      <button
        type="button"
        className="button button--flat tool-prompt__help-toggle"
        aria-expanded={helpShown}
        onClick={() => setHelpShown((shown) => !shown)}
        data-testid="tool-help-toggle"
      >
        {t(helpShown ? "editionTools.prompt.hideHelp" : "editionTools.prompt.showHelp")}
      </button>
      {helpShown && <ToolHelp tool={tool} />}
      {run.running && (
        <p className="tool-prompt__running" role="status" data-testid="tool-running">
          <span className="spinner" aria-hidden="true" />
          {t("editionTools.prompt.running", { tool })}
        </p>
      )}
      {run.error && (
        <p className="tool-prompt__error" role="alert" data-testid="tool-error">
          {run.error}
        </p>
      )}
    </Modal>
  );
}
