import {
  SIGLUM_GROUP_PATTERN,
  SIGLUM_PATTERN,
  splitCommandline,
  type Tool,
  type ToolArgKind,
} from "@scriptorium/shared";
import { badRequest } from "../../errors.js";

/** Where a `file` option's path lies on disk, checked inside the user's scope (and rules). */
export type FileArgResolver = (userPath: string) => Promise<string>;

function checkWord(kind: ToolArgKind, word: string, flag: string, values?: readonly string[]) {
  switch (kind) {
    case "witness":
      if (!SIGLUM_PATTERN.test(word)) {
        throw badRequest(`${flag} takes a witness siglum (letters, digits, +), not "${word}"`);
      }
      return;
    case "witnessGroup":
      if (!SIGLUM_GROUP_PATTERN.test(word)) {
        throw badRequest(`${flag} takes sigla joined by commas, not "${word}"`);
      }
      return;
    case "choice":
      if (!values?.includes(word)) {
        throw badRequest(`${flag} takes one of ${(values ?? []).join(", ")}, not "${word}"`);
      }
      return;
    case "file":
      return;
  }
}

/**
 * The tool's argv from the typed command line (API.md Part A §9): every word an option the tool
 * accepts or the value that option takes; `file` values become real paths inside the user's
 * scope. Anything else (shell syntax, unknown options, a second file name) is 400 and nothing
 * runs.
 */
export async function toolArguments(
  tool: Tool,
  commandline: string,
  resolveFile: FileArgResolver,
): Promise<string[]> {
  const split = splitCommandline(commandline);
  if (!split.ok) throw badRequest(`Not an option of ${tool.name}: "${split.bad}"`);
  const words = split.words;
  const argv: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const flag = words[i] as string;
    const option = tool.options.find((o) => o.flag === flag);
    if (!option) {
      throw badRequest(
        flag.startsWith("-")
          ? `${tool.name} has no option ${flag}`
          : `Not an option of ${tool.name}: "${flag}" (the file is the one selected)`,
      );
    }
    argv.push(flag);
    for (const kind of option.takes) {
      const value = words[++i];
      if (value === undefined) throw badRequest(`${flag} needs a value`);
      checkWord(kind, value, flag, option.values);
      argv.push(kind === "file" ? await resolveFile(value) : value);
    }
  }
  return argv;
}
