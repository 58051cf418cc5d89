import type { EditedFile, EditorAddOns } from "../../slots/editor";
import { CompileButton, PaneToggle } from "./CompileButton";
import { OutputPane, useOutput } from "./OutputPane";
import { useWorkbench } from "./use-workbench";
import "./workbench.css";

/**
 * The workbench in the editor (its slot, slots/editor.ts): for a `.tex` file the user may
 * compile, the pane toggle (once there is output) and the compile button in the bar, the
 * diagnostics in the gutter, Ctrl+Enter, and the output pane beside the source.
 */
export function useEditorWorkbench(file: EditedFile): EditorAddOns {
  const workbench = useWorkbench(file);
  const output = useOutput(file.path);
  if (!workbench.enabled) return { bar: null, pane: null };
  return {
    bar: (
      <>
        {output && <PaneToggle hidden={workbench.paneHidden} onToggle={workbench.togglePane} />}
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
    pane: <OutputPane source={file.path} />,
    diagnostics: workbench.diagnostics,
    onRun: workbench.compile,
  };
}
