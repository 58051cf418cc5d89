import { promptComponent } from "./prompt-registry";
import { closePrompt, useCurrentPrompt } from "./prompt-store";

/**
 * Renders the prompt on screen (the oldest in the stack) with the component its feature
 * registered; the dialog closes it on Escape. A name nobody registered shows nothing.
 */
export function PromptHost() {
  const prompt = useCurrentPrompt();
  if (!prompt) return null;
  const Component = promptComponent(prompt.spec.name);
  if (!Component) return null;
  return <Component key={prompt.id} spec={prompt.spec} close={closePrompt} />;
}
