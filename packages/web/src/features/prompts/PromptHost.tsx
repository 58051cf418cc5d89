import type { ComponentType } from "react";
import { DownloadPrompt } from "../download/DownloadPrompt";
import { DiscardPrompt } from "../editor/DiscardPrompt";
import { DeletePrompt } from "../organise/DeletePrompt";
import { RenamePrompt } from "../organise/RenamePrompt";
import { ReplaceRenamePrompt } from "../organise/ReplaceRenamePrompt";
import { TransferPrompt } from "../organise/TransferPrompt";
import { UnzipPrompt } from "../unzip/UnzipPrompt";
import { ReplacePrompt } from "../upload/ReplacePrompt";
import { UploadPrompt } from "../upload/UploadPrompt";
import { ConfirmPrompt } from "./ConfirmPrompt";
import { ErrorPrompt } from "./ErrorPrompt";
import { HelpPrompt } from "./HelpPrompt";
import { InfoPrompt } from "./InfoPrompt";
import { NewEntryPrompt } from "./NewEntryPrompt";
import { closePrompt, useCurrentPrompt, type PromptName, type PromptSpec } from "./prompt-store";

export interface PromptProps<S extends PromptSpec = PromptSpec> {
  spec: S;
  close: () => void;
}

const PROMPTS: { [N in PromptName]: ComponentType<PromptProps<Extract<PromptSpec, { name: N }>>> } =
  {
    help: HelpPrompt,
    newFile: NewEntryPrompt,
    newDir: NewEntryPrompt,
    info: InfoPrompt,
    discardEditorChanges: DiscardPrompt,
    error: ErrorPrompt,
    confirm: ConfirmPrompt,
    upload: UploadPrompt,
    replace: ReplacePrompt,
    download: DownloadPrompt,
    unzip: UnzipPrompt,
    rename: RenamePrompt,
    move: TransferPrompt,
    copy: TransferPrompt,
    delete: DeletePrompt,
    replaceRename: ReplaceRenamePrompt,
  };

/** Renders the prompt on screen (the oldest in the stack); its dialog closes it on Escape. */
export function PromptHost() {
  const prompt = useCurrentPrompt();
  if (!prompt) return null;
  const Component = PROMPTS[prompt.spec.name] as ComponentType<PromptProps>;
  return <Component key={prompt.id} spec={prompt.spec} close={closePrompt} />;
}
