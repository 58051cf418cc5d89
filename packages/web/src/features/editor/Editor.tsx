import { useQueryClient } from "@tanstack/react-query";
import type { Resource } from "@scriptorium/shared";
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { Icon } from "../../components/Icon";
import { useUser } from "../../state/auth-store";
import { resourceKey } from "../../api/resource-api";
import { usePromptStore } from "../../prompts";
import { parentUrl } from "../../components/navigation";
import { DownloadLink, OpenInlineLink } from "../../components/FileLinks";
import { opensInline } from "../../lib/open-inline";
import { CompileButton, PaneToggle } from "../workbench/CompileButton";
import { OutputPane, useOutput } from "../workbench/OutputPane";
import { useWorkbench } from "../workbench/use-workbench";
import type { CodeEditorHandle } from "./CodeEditor";
import { languageFor, wrapsLines } from "./languages";
import { editorPhrases } from "./phrases";
import { SaveButton } from "./SaveButton";
import { useDocumentTheme } from "./use-document-theme";
import { useLeaveGuard } from "./use-leave-guard";
import { useSave } from "./use-save";
import "../../components/file-panel.css";
import "./editor.css";
import "../workbench/workbench.css";

// CodeMirror and its languages load with the first file opened, not with the app.
const CodeEditor = lazy(() => import("./CodeEditor").then((m) => ({ default: m.CodeEditor })));

/**
 * The text editor of /files/<file> for `text` and `textImmutable` resources: a bar (close,
 * name, save) over a CodeMirror view filling the page. Ctrl/Cmd+S saves; leaving with unsaved
 * changes asks first (SPEC.md §2 discardEditorChanges, §4 Editor discard). A `.tex` file gets
 * the compile workbench: a compile button (Ctrl+Enter), its diagnostics in the gutter and its
 * output beside the source. `?line=N` opens the file at that line (links of the log viewer).
 */
export function Editor({ resource }: { resource: Resource }) {
  // Another file is another editor: fresh history, save state and unsaved flag.
  return <EditorPage key={resource.path} resource={resource} />;
}

function EditorPage({ resource }: { resource: Resource }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useUser();
  const theme = useDocumentTheme();
  const readOnly = resource.type === "textImmutable";
  const editor = useRef<CodeEditorHandle>(null);
  const [dirty, setDirty] = useState(false);
  const dirtyRef = useRef(false);
  const { state: saveState, save } = useSave(resource.path, editor);
  const phrases = useMemo(() => editorPhrases(t), [t]);
  const [params] = useSearchParams();
  const line = lineParam(params.get("line"));
  const workbench = useWorkbench({
    path: resource.path,
    name: resource.name,
    saveIfDirty: () => (readOnly || !dirtyRef.current ? Promise.resolve(true) : save()),
  });
  const output = useOutput(resource.path);

  const onDirtyChange = useCallback((next: boolean) => {
    dirtyRef.current = next;
    setDirty(next);
  }, []);

  // SPEC.md §4: discarding clears what was loaded, so the file is read again next time.
  useLeaveGuard(dirty, () => {
    void queryClient.invalidateQueries({
      queryKey: resourceKey(resource.path),
      refetchType: "none",
    });
  });

  // Ctrl/Cmd+S saves, wherever the focus is, instead of the browser's "save page" dialog.
  const saveRef = useRef(save);
  useEffect(() => {
    saveRef.current = save;
  });
  useEffect(() => {
    if (readOnly) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const mod = event.ctrlKey || event.metaKey;
      if (!mod || event.altKey || event.shiftKey || event.key.toLowerCase() !== "s") return;
      event.preventDefault();
      if (usePromptStore.getState().prompts.length === 0) void saveRef.current();
    };
    // Capture phase: before the app's keyboard layer, which would otherwise download.
    window.addEventListener("keydown", onKeyDown, true);
    return () => window.removeEventListener("keydown", onKeyDown, true);
  }, [readOnly]);

  // The same file reloaded with other content (e.g. changed elsewhere): show it, unless the
  // user has changes of their own.
  const content = resource.content ?? "";
  useEffect(() => {
    const handle = editor.current;
    if (!handle || dirtyRef.current) return;
    if (handle.getDoc().toString() !== content) handle.reset(content);
  }, [content]);

  return (
    <section className="file-panel editor" data-testid="editor" aria-label={resource.name}>
      <div className="file-panel__bar editor__bar">
        <button
          type="button"
          className="icon-button"
          data-testid="editor-close"
          title={t("buttons.close")}
          aria-label={t("buttons.close")}
          onClick={() => void navigate(parentUrl(resource.path))}
        >
          <Icon name="close" />
        </button>
        <div className="editor__title">
          <h1 className="editor__name" title={resource.path}>
            {resource.name}
          </h1>
          {dirty && (
            <span className="editor__dirty" data-testid="editor-dirty" title={t("editor.unsaved")}>
              <span aria-hidden="true">●</span>
              <span className="visually-hidden">{t("editor.unsaved")}</span>
            </span>
          )}
          {readOnly && (
            <span className="editor__badge" data-testid="editor-readonly">
              <Icon name="lock" size={14} />
              {t("editor.readOnly")}
            </span>
          )}
        </div>
        <div className="editor__actions">
          {opensInline(resource.extension) && (
            <OpenInlineLink path={resource.path} testId="editor-open-inline" />
          )}
          {user?.perm.download && <DownloadLink path={resource.path} testId="editor-download" />}
          {workbench.enabled && output && (
            <PaneToggle hidden={workbench.paneHidden} onToggle={workbench.togglePane} />
          )}
          {workbench.enabled && (
            <CompileButton
              tool={workbench.tool}
              running={workbench.running}
              onCompile={workbench.compile}
              onCancel={workbench.cancel}
            />
          )}
          {!readOnly && <SaveButton state={saveState} onSave={() => void save()} />}
        </div>
        <span className="visually-hidden" role="status">
          {saveState === "saved" ? t("editor.saved") : ""}
        </span>
      </div>
      <div className="workbench">
        <div className="editor__body">
          <Suspense fallback={<p className="editor__loading">{t("files.loading")}</p>}>
            <CodeEditor
              ref={editor}
              initialContent={content}
              language={languageFor(resource.name)}
              wrap={wrapsLines(resource.name)}
              readOnly={readOnly}
              theme={theme}
              label={resource.name}
              phrases={phrases}
              onDirtyChange={onDirtyChange}
              diagnostics={workbench.diagnostics}
              line={line}
              onRun={workbench.enabled ? workbench.compile : undefined}
            />
          </Suspense>
        </div>
        {workbench.enabled && <OutputPane source={resource.path} />}
      </div>
    </section>
  );
}

/** `?line=N` of a link into the file: a line number from 1, else none. */
function lineParam(value: string | null): number | undefined {
  const line = Number(value);
  return value && Number.isInteger(line) && line >= 1 ? line : undefined;
}
