/** The hidden file inputs of the page, so that prompts and actions can open them. */
export type PickerKind = "files" | "folder";

const inputs = new Map<PickerKind, HTMLInputElement>();

export function registerUploadInput(kind: PickerKind, input: HTMLInputElement | null): void {
  if (input) inputs.set(kind, input);
  else inputs.delete(kind);
}

/** Opens the browser's file (or folder) chooser; must run inside a user's click. */
export function openUploadPicker(kind: PickerKind): void {
  inputs.get(kind)?.click();
}
