import type { ReactNode } from "react";
import type { PromptComponent, PromptName, PromptProps } from "./prompt-specs";

/*
 * Dialog components by name, filled by the features (as actions are), so that the host knows
 * no feature. A component registered for a name only ever receives that name's spec.
 */
const registry = new Map<PromptName, (props: PromptProps<never>) => ReactNode>();

/** Registers the component of the dialogs named `name`; registering again replaces it. */
export function registerPrompt<N extends PromptName>(name: N, component: PromptComponent<N>): void {
  registry.set(name, component);
}

/** The component registered for `name`, typed for any spec (the host passes the matching one). */
export function promptComponent(name: PromptName): ((props: PromptProps) => ReactNode) | undefined {
  return registry.get(name) as ((props: PromptProps) => ReactNode) | undefined;
}

/** The names with a registered component. */
export function registeredPrompts(): PromptName[] {
  return [...registry.keys()];
}
