import { WITNESS_VIEWS, type WitnessView } from "@scriptorium/shared";
import type { ToolRunRequest } from "../../api/tools-api";
import { defaultDestination } from "./compile";

/** What a witness view is asked for: one siglum, or two groups of them for `-c`. */
export type WitnessChoice =
  | { view: Exclude<WitnessView, "groups">; siglum: string }
  | { view: "groups"; group1: readonly string[]; group2: readonly string[] };

/** m2hv's option words for a witness view: `-t A`, `-s A`, … or `-c A,B C`. */
export function witnessCommandline(choice: WitnessChoice): string {
  if (choice.view === "groups") {
    return `${WITNESS_VIEWS.groups} ${choice.group1.join(",")} ${choice.group2.join(",")}`;
  }
  return `${WITNESS_VIEWS[choice.view]} ${choice.siglum}`;
}

/** The run that makes a witness view of `source`: m2hv into `<stem>_m2hv`, overwriting it. */
export function witnessRequest(source: string, choice: WitnessChoice): ToolRunRequest {
  return {
    source,
    tool: "m2hv",
    destination: defaultDestination(source),
    commandline: witnessCommandline(choice),
    override: true,
  };
}
