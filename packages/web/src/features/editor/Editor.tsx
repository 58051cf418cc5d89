import { useQueryClient } from "@tanstack/react-query";
import type { Resource } from "@scriptorium/shared";
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { resourceKey } from "../../api/resource-api";
import { IconButton } from "../../components/IconButton";
import { useIsNarrow } from "../../lib/use-element-width";
import { useEditorAddOns } from "../../slots/editor";
import type { CodeEditorHandle } from "./CodeEditor";
import { EditorBar } from "./EditorBar";
import { languageFor, wrapsLines } from "./languages";
import { OutlinePanel } from "./OutlinePanel";
import { useOutlineStore } from "./outline-store";
import { editorPhrases } from "./phrases";
import { useDocumentTheme } from "./use-document-theme";
import { useLeaveGuard } from "./use-leave-guard";
import { useOutline } from "./use-outline";
import { useSave } from "./use-save";
import { useSaveShortcut } from "./use-save-shortcut";
import "../../components/file-panel.css";
import "./editor.css";

// CodeMirror and its languages load with the first file opened, not with the app.
const CodeEditor = lazy(() => import("./CodeEditor").then((m) => ({ default: m.CodeEditor })));

/**
 * The text editor of /files/<file> for `text` and `textImmutable` resources: a bar (close,
 * name, save) over a CodeMirror view filling the page. Ctrl/Cmd+S saves; leaving with unsaved
 * changes asks first (SPEC.md §2 discardEditorChanges, §4 Editor discard). What the editor
 * hosts comes through its slot (slots/editor.ts): for a `.tex` file, the compile workbench's
 * button (Ctrl+Enter), its diagnostics in the gutter and its output beside the source.
 * `?line=N` opens the file at that line (links of the log viewer). A Mauro-TeX document is
 * checked as it is typed (marks like the compile's) and has an outline panel beside it.
 */
export function Editor({ resource }: { resource: Resource }) {
  // Another file is another editor: fresh history, save state and unsaved flag.
  return <EditorPage key={resource.path} resource={resource} />;
}

function EditorPage({ resource }: { resource: Resource }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const theme = useDocumentTheme();
  const readOnly = resource.type === "textImmutable";
  const editor = useRef<CodeEditorHandle>(null);
  const [dirty, setDirty] = useState(false);
  const dirtyRef = useRef(false);
  const { state: saveState, save, lastSaved } = useSave(resource.path, editor);
  const phrases = useMemo(() => editorPhrases(t), [t]);
  const [params] = useSearchParams();
  const line = lineParam(params.get("line"));
  const language = languageFor(resource.name);
  const outline = useOutline();
  const narrow = useIsNarrow();
  const storedOpen = useOutlineStore((state) => state.open);
  const setStoredOpen = useOutlineStore((state) => state.setOpen);
  // On a phone the outline is a sheet over the text, opened for the moment only.
  const [sheetOpen, setSheetOpen] = useState(false);
  const outlineOpen = narrow ? sheetOpen : storedOpen;
  const setOutlineOpen = narrow ? setSheetOpen : setStoredOpen;
  const hasOutline = language === "maurotex" && !outline.latex;
  // What the editor hosts for this file (the workbench of a `.tex` file), if anything.
  const hosted = useEditorAddOns({
    path: resource.path,
    name: resource.name,
    saveIfDirty: () => (readOnly || !dirtyRef.current ? Promise.resolve(true) : save()),
    cursorLine: () => editor.current?.cursorLine() ?? 1,
    goToLine: (target) => editor.current?.goToLine(target),
    text: () => editor.current?.getDoc().toString() ?? resource.content ?? "",
  });

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
  useSaveShortcut(save, readOnly);

  // The same file reloaded with other content (e.g. changed elsewhere): show it, unless the
  // user has changes of their own.
  const content = resource.content ?? "";
  useEffect(() => {
    const handle = editor.current;
    if (!handle || dirtyRef.current) return;
    // The text just saved, put in the cache by the save: the editor holds it already (no copy
    // of a 2.5 MB document to compare it).
    if (content === lastSaved.current) return;
    if (handle.getDoc().toString() !== content) handle.reset(content);
  }, [content, lastSaved]);

  return (
    <section className="file-panel editor" data-testid="editor" aria-label={resource.name}>
      <EditorBar
        resource={resource}
        dirty={dirty}
        readOnly={readOnly}
        saveState={saveState}
        onSave={() => void save()}
        hosted={
          <>
            {hasOutline && (
              <IconButton
                icon="outline"
                label={outlineOpen ? t("editor.outline.hide") : t("editor.outline.show")}
                testId="editor-outline-toggle"
                aria-pressed={outlineOpen}
                onClick={() => setOutlineOpen(!outlineOpen)}
              />
            )}
            {hosted.bar}
          </>
        }
      />
      <div className="workbench">
        {hasOutline && outlineOpen && (
          <OutlinePanel
            items={outline.items}
            current={outline.current}
            onSelect={(index) => editor.current?.goToPart(index)}
            onClose={() => setOutlineOpen(false)}
          />
        )}
        <div className="editor__body">
          <Suspense fallback={<p className="editor__loading">{t("files.loading")}</p>}>
            <CodeEditor
              ref={editor}
              initialContent={content}
              language={language}
              wrap={wrapsLines(resource.name)}
              readOnly={readOnly}
              theme={theme}
              label={resource.name}
              phrases={phrases}
              onDirtyChange={onDirtyChange}
              diagnostics={hosted.diagnostics}
              line={line}
              onRun={hosted.onRun}
              onCheck={outline.listener}
            />
          </Suspense>
        </div>
        {hosted.pane}
      </div>
      {hosted.footer}
    </section>
  );
}

/** `?line=N` of a link into the file: a line number from 1, else none. */
function lineParam(value: string | null): number | undefined {
  const line = Number(value);
  return value && Number.isInteger(line) && line >= 1 ? line : undefined;
}
