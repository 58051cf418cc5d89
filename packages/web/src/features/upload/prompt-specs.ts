/** The upload dialogs (SPEC.md §2 Dialogs); part of the prompt stack's specs. */
export type UploadPromptSpec =
  /** Choose between uploading files and a folder. */
  | { name: "upload" }
  /** Names of the upload that exist in the folder: replace them, skip them, or cancel. */
  | { name: "replace"; names: readonly string[]; choose: (choice: "replace" | "skip") => void };
