import { defaultToolOutputName, splitCommandline } from "@scriptorium/shared";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { TextField } from "../../components/fields";
import { Modal } from "../../components/Modal";
import { NotInstalled } from "../../components/NotInstalled";
import { toolState, useToolStatesView, availabilityOf } from "../../state/tool-states";
import { isolatePath, parentFolder } from "../../lib/paths";
import { fetchResource, resourceKey } from "../../api/resource-api";
import { PromptFooter, type PromptProps, type SpecOf } from "../../prompts";
import { ToolHelp } from "./ToolHelp";
import { toolUsage } from "./tool-options";
import { useToolRun } from "./use-tool-run";
import "./edition-tools.css";

/** A name of one folder: not empty, no slash, not "." or "..". */
function isFolderName(name: string): boolean {
  return name !== "" && name !== "." && name !== ".." && !name.includes("/");
}

/**
 * The dialog of m2hv, m2lv, m2ledmac, pdflatex and the PDF pipelines (SPEC.md §4–§5, issue 30):
 * "not installed" (and Run disabled) when the tool's program is missing; the output folder's name
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
  const run = useToolRun(close);
  const states = useToolStatesView();
  const missing = availabilityOf(states, tool) === "missing";

  const listing = useQuery({
    queryKey: resourceKey(folder),
    queryFn: ({ signal }) => fetchResource(folder, signal),
    enabled: !beside,
  });
  const trimmed = name.trim();
  const exists = !beside && (listing.data?.items ?? []).some((item) => item.name === trimmed);
  const words = splitCommandline(commandline);

  const blocked =
    missing ||
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
    <PromptFooter
      onCancel={close}
      confirmLabel={t("editionTools.prompt.run")}
      confirmDisabled={blocked}
      confirmTestId="tool-submit"
    />
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
      {missing && <NotInstalled tool={tool} steps={toolState(states, tool)?.missing} />}
      {!beside && (
        <OutputFolderFields
          folder={folder}
          name={name}
          onName={(next) => {
            setName(next);
            setOverride(false);
          }}
          exists={exists}
          override={override}
          onOverride={setOverride}
          disabled={run.running}
        />
      )}
      <ToolOptionsField
        usage={toolUsage(tool)}
        value={commandline}
        onChange={setCommandline}
        bad={words.ok ? null : words.bad}
        disabled={run.running}
      />
      {!missing && <ToolHelpToggle tool={tool} />}
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

interface OutputFolderProps {
  folder: string;
  name: string;
  onName: (name: string) => void;
  /** The name exists: Overwrite must be ticked. */
  exists: boolean;
  override: boolean;
  onOverride: (override: boolean) => void;
  disabled: boolean;
}

/** The output folder's name, beside the source, and Overwrite when that name exists. */
function OutputFolderFields(props: OutputFolderProps) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        label={t("editionTools.prompt.outputName")}
        block
        name="output"
        autoComplete="off"
        spellCheck={false}
        value={props.name}
        disabled={props.disabled}
        onChange={props.onName}
        hint={t("editionTools.prompt.outputHint", { folder: isolatePath(props.folder) })}
        testId="tool-output-name"
      />
      {props.exists && (
        <label className="checkbox" data-testid="tool-overwrite">
          <input
            type="checkbox"
            name="override"
            checked={props.override}
            disabled={props.disabled}
            onChange={(event) => props.onOverride(event.target.checked)}
          />
          <span>
            {t("editionTools.prompt.overwrite", { name: isolatePath(props.name.trim()) })}
          </span>
        </label>
      )}
    </>
  );
}

interface ToolOptionsProps {
  /** The options the tool accepts, shown under the field; empty when it takes none. */
  usage: string;
  value: string;
  onChange: (commandline: string) => void;
  /** The word that cannot be split (an open quote), or null. */
  bad: string | null;
  disabled: boolean;
}

/** The tool's options, typed as a command line. */
function ToolOptionsField({ usage, value, onChange, bad, disabled }: ToolOptionsProps) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t("editionTools.prompt.options")}
      block
      code
      name="commandline"
      value={value}
      disabled={disabled}
      placeholder={usage || t("editionTools.prompt.noOptions")}
      aria-invalid={bad !== null || undefined}
      onChange={onChange}
      aria-describedby={usage ? "tool-usage" : undefined}
      testId="tool-commandline"
      extra={
        <>
          {usage && (
            <code id="tool-usage" className="field__hint tool-prompt__usage" dir="ltr">
              {usage}
            </code>
          )}
          {bad !== null && (
            <span className="field__hint tool-prompt__invalid" role="alert">
              {t("editionTools.prompt.badWord", { word: bad })}
            </span>
          )}
        </>
      }
    />
  );
}

/** Show or hide the tool's own help. */
function ToolHelpToggle({ tool }: { tool: string }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <>
      <button
        type="button"
        className="button button--flat tool-prompt__help-toggle"
        aria-expanded={shown}
        onClick={() => setShown((now) => !now)}
        data-testid="tool-help-toggle"
      >
        {t(shown ? "editionTools.prompt.hideHelp" : "editionTools.prompt.showHelp")}
      </button>
      {shown && <ToolHelp tool={tool} />}
    </>
  );
}
