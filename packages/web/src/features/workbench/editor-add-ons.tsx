import type { EditedFile, EditorAddOns } from "../../slots/editor";
import { CompileButton, PaneToggle } from "./CompileButton";
import { CompileMessages } from "./CompileMessages";
import { OutputPane, useOutput } from "./OutputPane";
import { useFileDiagnostics } from "./use-file-diagnostics";
import { ShowInPdfButton } from "./ShowInPdfButton";
import { useWorkbench } from "./use-workbench";
import "./workbench.css";

/**
 * The workbench in the editor (its slot, slots/editor.ts): for a `.tex` file the user may
 * compile, the pane toggle (once there is output), "Show in PDF" (once the output is a PDF:
 * SyncTeX from the cursor's line) and the compile button in the bar, the diagnostics in the
 * gutter and listed under the editor, Ctrl+Enter, and the output pane beside the source. Another
 * file a compile reported on (a style file) gets its marks and list too.
 */
export function useEditorWorkbench(file: EditedFile): EditorAddOns {
  const workbench = useWorkbench(file);
  const output = useOutput(file.path);
  const marks = useFileDiagnostics(file.path);
  // A file that is not compiled itself (a style file) shows what compiles said of it.
  if (!workbench.enabled) {
    if (marks.length === 0) return { bar: null, pane: null };
    return {
      bar: null,
      pane: null,
      diagnostics: marks,
      footer: <CompileMessages path={file.path} />,
    };
  }
  return {
    bar: (
      <>
        {output && <PaneToggle hidden={workbench.paneHidden} onToggle={workbench.togglePane} />}
        {output?.kind === "pdf" && <ShowInPdfButton file={file} pdf={output.path} />}
        <CompileButton
          profile={workbench.profile}
          availability={workbench.availability}
          running={workbench.running}
          onCompile={workbench.compile}
          onCompileWith={workbench.compileWith}
          onCancel={workbench.cancel}
        />
      </>
    ),
    pane: <OutputPane source={file.path} onLine={file.goToLine} />,
    footer: <CompileMessages path={file.path} />,
    diagnostics: workbench.diagnostics,
    onRun: workbench.compile,
  };
}
