import type { ChangeEvent } from "react";
import { handleError } from "../../state/handle-error";
import { currentFolder } from "../../state/current-resource";
import { pickedFromInput } from "./picked";
import { startUpload } from "./start-upload";
import { registerUploadInput } from "./upload-inputs";

/** Chromium, Firefox and Safari all read this non-standard attribute for folder choosers. */
const FOLDER_INPUT = { webkitdirectory: "" } as Record<string, string>;

function onChange(event: ChangeEvent<HTMLInputElement>) {
  const input = event.currentTarget;
  const picked = pickedFromInput(input.files ?? []);
  // The same file may be chosen again later.
  input.value = "";
  startUpload(picked, currentFolder()).catch(handleError);
}

/** The hidden file inputs the upload prompt opens. */
export function UploadInputs() {
  return (
    <>
      {(["files", "folder"] as const).map((kind) => (
        <input
          key={kind}
          ref={(el) => registerUploadInput(kind, el)}
          type="file"
          multiple
          hidden
          data-testid={`upload-input-${kind}`}
          onChange={onChange}
          {...(kind === "folder" && FOLDER_INPUT)}
        />
      ))}
    </>
  );
}
