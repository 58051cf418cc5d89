import type { Item, Resource } from "@scriptorium/shared";
import type { ReactNode } from "react";

/**
 * The dialogs (SPEC.md §2 Dialogs) by name, with what each is opened with. The common dialogs
 * that any feature may open (features/common-prompts) are declared here; every other feature
 * adds its dialogs to this interface by declaration merging in its `prompts.ts`:
 *
 *     declare module "../../prompts/prompt-specs" {
 *       interface PromptSpecs { rename: { item: OrganiseItem } }
 *     }
 */
export interface PromptSpecs {
  help: Record<never, never>;
  /** `dir`: the folder to create in (decoded, ending with "/"); the root when omitted. */
  newFile: { dir?: string };
  newDir: { dir?: string };
  /** File info of one item, or of the folder or file on screen (a Resource). */
  info: { item: Item | Resource; items?: undefined } | { item?: undefined; items: Item[] };
  /** A yes/no question (aborting uploads, overwriting on unzip). */
  confirm: { title: string; message: string; confirmLabel: string; onConfirm: () => void };
  error: { message: string };
}

export type PromptName = keyof PromptSpecs;

/** One dialog to show: its name and what it is opened with. */
export type PromptSpec = { [N in PromptName]: { name: N } & PromptSpecs[N] }[PromptName];

/** The spec of the dialogs named `N`. */
export type SpecOf<N extends PromptName> = Extract<PromptSpec, { name: N }>;

/** What the host gives a dialog component: its spec and the way to close it. */
export interface PromptProps<S extends PromptSpec = PromptSpec> {
  spec: S;
  close: () => void;
}

/** A dialog component for the prompts named `N`. */
export type PromptComponent<N extends PromptName> = (props: PromptProps<SpecOf<N>>) => ReactNode;
