import type { Resource } from "@scriptorium/shared";
import { LiveFolder } from "../features/activity/LiveFolder";
import { ToolLogViewer } from "../features/edition-tools/ToolLogViewer";
import { Editor } from "../features/editor/Editor";
import { useEditorHistory } from "../features/history/editor-history";
import { HistoryInfoSection } from "../features/history/HistoryInfoSection";
import { Listing } from "../features/listing/Listing";
import { useFolderDrop } from "../features/organise/use-folder-drop";
import { useItemOrganise } from "../features/organise/use-item-organise";
import { LazyPdfViewer } from "../features/pdf-viewer";
import { Preview } from "../features/preview/Preview";
import { SelectionBar } from "../features/selection/SelectionBar";
import { UploadDropZone } from "../features/upload/UploadDropZone";
import { useEditorWorkbench } from "../features/workbench/editor-add-ons";
import { editorAddOnsSlot, type EditedFile, type EditorAddOns } from "../slots/editor";
import { fileViewsSlot } from "../slots/files";
import { infoSectionsSlot } from "../slots/info";
import { pdfViewerSlot } from "../slots/pdf";
import { folderDropSlot, itemOrganiseSlot } from "../slots/listing";

/*
 * The composition of the /files page: which feature fills each slot of the files page, the
 * listing and the editor. Loaded with the page's chunk (routes.tsx), before it renders, and by
 * the component tests of these pages.
 */

/**
 * A folder: the listing inside the upload drop zone, the narrow screens' selection bar, and the
 * live changes that keep it up to date.
 */
function FolderView({ resource, path }: { resource: Resource; path: string }) {
  return (
    <>
      <UploadDropZone>
        <Listing resource={resource} path={path} />
      </UploadDropZone>
      <SelectionBar />
      <LiveFolder path={path} resource={resource} />
    </>
  );
}

/** The editor hosts the workbench (`.tex` files) and the history (every file): both bars' buttons. */
function useEditorAddOns(file: EditedFile): EditorAddOns {
  const workbench = useEditorWorkbench(file);
  const history = useEditorHistory(file);
  return {
    ...workbench,
    bar: (
      <>
        {history.bar}
        {workbench.bar}
      </>
    ),
  };
}

fileViewsSlot.fill({ Folder: FolderView, ToolLog: ToolLogViewer, Editor, Preview });
itemOrganiseSlot.fill(useItemOrganise);
folderDropSlot.fill(useFolderDrop);
editorAddOnsSlot.fill(useEditorAddOns);
infoSectionsSlot.fill([HistoryInfoSection]);
pdfViewerSlot.fill(LazyPdfViewer);
