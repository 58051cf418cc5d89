import { describe, expect, it } from "vitest";
import { editorAddOnsSlot } from "../slots/editor";
import { infoSectionsSlot } from "../slots/info";
import { fileViewsSlot } from "../slots/files";
import { folderDropSlot, itemOrganiseSlot } from "../slots/listing";
import { pdfViewerSlot } from "../slots/pdf";

/** What each slot of the files page, the listing and the editor holds now. */
function slotContents(): unknown[] {
  const { Folder, ToolLog, Editor, Preview } = fileViewsSlot.get();
  return [
    Folder,
    ToolLog,
    Editor,
    Preview,
    itemOrganiseSlot.get(),
    folderDropSlot.get(),
    editorAddOnsSlot.get(),
    infoSectionsSlot.get(),
    pdfViewerSlot.get(),
  ];
}

describe("the files page's composition", () => {
  it("fills every slot of the files page, the listing, the editor, the info dialog and the PDF viewer", async () => {
    const empty = slotContents();
    await import("./file-views");
    const filled = slotContents();
    filled.forEach((piece, index) => expect(piece).not.toBe(empty[index]));
  });
});
