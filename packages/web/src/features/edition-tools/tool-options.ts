import { defaultToolSettings, type ToolArgKind, type ToolOption } from "@scriptorium/shared";

/** How an option's argument is written in the usage hint (the compilers' own usage style). */
const ARG_WORDS: Record<ToolArgKind, string> = {
  witness: "WITNESS",
  witnessGroup: "GROUP",
  file: "FILE",
  choice: "VALUE",
};

function optionUsage(option: ToolOption): string {
  const args = option.takes.map((kind) =>
    kind === "choice" && option.values ? option.values.join("|") : ARG_WORDS[kind],
  );
  return [option.flag, ...args].join(" ");
}

/**
 * The options a tool accepts, as a usage line (`-a -b … -s WITNESS -f FILE`), from the
 * installation defaults: the dialog's hint of what may be typed. The server checks what is sent.
 */
export function toolUsage(tool: string): string {
  const found = defaultToolSettings().tools.find((entry) => entry.name === tool);
  return (found?.options ?? []).map(optionUsage).join(" ");
}
