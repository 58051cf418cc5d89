/*
 * The prompt layer (SPEC.md §2 Dialogs): a stack of dialogs shown one at a time. Features add
 * their dialogs' specs to PromptSpecs and register their components; nothing here knows them.
 */
export { NameInput } from "./NameInput";
export { PromptDialog, type ConfirmButton } from "./PromptDialog";
export { PromptFooter } from "./PromptFooter";
export { PromptHost } from "./PromptHost";
export { promptComponent, registerPrompt, registeredPrompts } from "./prompt-registry";
export type {
  PromptComponent,
  PromptName,
  PromptProps,
  PromptSpec,
  PromptSpecs,
  SpecOf,
} from "./prompt-specs";
export {
  closePrompt,
  showPrompt,
  useCurrentPrompt,
  usePromptStore,
  type Prompt,
} from "./prompt-store";
