import path from "node:path";
import { execEntryOf } from "@scriptorium/shared";
import { readSedArgs, readSedScript, type SedFeature } from "./sed-script.js";

/**
 * The options of programs that are plain file tools but for a few options that run other
 * programs (issue 27): with the plain allow-list entry those options are refused, with the
 * `name:exec` entry they pass. The list of such programs is `EXEC_OPTION_PROGRAMS` (shared).
 */

/** What the options of one line come to. */
export interface OptionsCheck {
  /** Why the line is refused, when it is. */
  refusal?: string;
  /** Which rule: an option that runs programs, or an argument that cannot be checked. */
  refusalCode?: "exec-option" | "argument";
  /** Arguments that hold a script read in full (sed), left out of the path check. */
  scriptArgs: number[];
  /**
   * Paths the program reads otherwise than the words say, each with the word it comes from:
   * the files a sed script names, tar's names after `-C` joined to its folder. Checked like words.
   */
  paths: { path: string; word: string }[];
  /** Options put right after the program, as a second guard (sed's --sandbox). */
  guard: string[];
}

interface OptionRule {
  /** Long options that run programs, with what they do; any abbreviation is the same option. */
  long?: Readonly<Record<string, string>>;
  /** Long options that are abbreviations of those but options of their own (exact wins). */
  ownLong?: readonly string[];
  /** Short options that run programs, with the long option they stand for. */
  short?: Readonly<Record<string, string>>;
  /** Short options that take a value: the rest of their word is that value. */
  shortValue?: string;
  /** Whole words that run programs (find's single-dash options). */
  words?: Readonly<Record<string, string>>;
  /** The first word is a group of short options when it has no dash (tar xf x.tar). */
  oldStyle?: boolean;
}

const RULES: Readonly<Record<string, OptionRule>> = {
  find: {
    words: {
      "-exec": "runs other programs",
      "-execdir": "runs other programs",
      "-ok": "runs other programs",
      "-okdir": "runs other programs",
    },
  },
  tar: {
    long: {
      "to-command": "runs a program for each member",
      "checkpoint-action": "can run a program",
      "use-compress-program": "runs the program it names",
      "info-script": "runs a script",
      "new-volume-script": "runs a script",
      "rsh-command": "runs a remote shell",
      "rmt-command": "runs a remote shell",
      "absolute-names": "reads and writes members outside the folder",
    },
    ownLong: ["checkpoint"],
    short: { I: "use-compress-program", F: "info-script", P: "absolute-names" },
    shortValue: "bCfFgHIKLNTVX",
    oldStyle: true,
  },
  sort: { long: { "compress-program": "runs the program it names" } },
  split: { long: { filter: "runs a shell command" } },
  install: { long: { "strip-program": "runs the program it names" } },
  sdiff: { long: { "diff-program": "runs the program it names" } },
  diff3: { long: { "diff-program": "runs the program it names" } },
};

const needs = (program: string, what: string) =>
  `Command not allowed: ${what}; it needs the entry ${execEntryOf(program)}.`;

const none = (): OptionsCheck => ({ scriptArgs: [], paths: [], guard: [] });

/** The first option of `args` that `rule` refuses, described; undefined when there is none. */
function refusedOption(program: string, rule: OptionRule, args: readonly string[]) {
  const describe = (long: string) =>
    `${program}'s --${long}${shortOf(rule, long)} ${rule.long?.[long] ?? "runs other programs"}`;
  const first = args[0];
  if (rule.oldStyle && first !== undefined && !first.startsWith("-")) {
    for (const letter of first) {
      const long = rule.short?.[letter];
      if (long) return describe(long);
    }
  }
  for (const word of args) {
    const what = rule.words?.[word];
    if (what) return `${program}'s ${word} ${what}`;
    if (word.startsWith("--") && word.length > 2) {
      const written = word.slice(2).split("=")[0] as string;
      if (rule.ownLong?.includes(written)) continue;
      const long = Object.keys(rule.long ?? {}).find((name) => name.startsWith(written));
      if (long) return describe(long);
    } else if (word.startsWith("-") && word.length > 1) {
      for (const letter of word.slice(1)) {
        const long = rule.short?.[letter];
        if (long) return describe(long);
        if (rule.shortValue?.includes(letter)) break;
      }
    }
  }
  return undefined;
}

function shortOf(rule: OptionRule, long: string): string {
  const letter = Object.entries(rule.short ?? {}).find(([, name]) => name === long)?.[0];
  return letter ? ` (-${letter})` : "";
}

/** The archive names of a tar line: the values of -f (grouped or not, old style too), --file. */
function tarArchives(args: readonly string[]): string[] {
  const values = RULES.tar?.shortValue ?? "";
  const names: string[] = [];
  const first = args[0];
  if (first !== undefined && !first.startsWith("-")) {
    let next = 1;
    for (const letter of first) {
      if (!values.includes(letter)) continue;
      const value = args[next++];
      if (letter === "f" && value !== undefined) names.push(value);
    }
  }
  args.forEach((word, i) => {
    const following = args[i + 1];
    if (word.startsWith("--")) {
      if (word.startsWith("--file=")) names.push(word.slice("--file=".length));
      else if (word === "--file" && following !== undefined) names.push(following);
      return;
    }
    if (!word.startsWith("-")) return;
    for (let k = 1; k < word.length; k++) {
      const letter = word[k] as string;
      if (letter === "f") {
        const value = word.slice(k + 1) || following;
        if (value !== undefined) names.push(value);
      }
      if (values.includes(letter)) break;
    }
  });
  return names;
}

/**
 * The folders and names of a tar line as tar resolves them: after `-C DIR` (`--directory`), names
 * are relative to DIR, and a relative DIR to the one before (`-C .. -C ..` climbs two levels from
 * the folder, `-C .. ../x` reaches `../../x`). Each -C folder and each name after one is given
 * joined to the folders before it, with the word it comes from.
 */
function tarFolderPaths(args: readonly string[]): { path: string; word: string }[] {
  const values = RULES.tar?.shortValue ?? "";
  const found: { path: string; word: string }[] = [];
  let folder: string | undefined;
  const enter = (value: string, word: string) => {
    folder = folder === undefined || value.startsWith("/") ? value : path.posix.join(folder, value);
    found.push({ path: folder, word });
  };
  const name = (word: string) => {
    if (folder !== undefined && !word.startsWith("/")) {
      found.push({ path: path.posix.join(folder, word), word });
    }
  };
  let i = 0;
  const first = args[0];
  if (first !== undefined && !first.startsWith("-")) {
    i = 1;
    for (const letter of first) {
      if (!values.includes(letter)) continue;
      const value = args[i++];
      if (letter === "C" && value !== undefined) enter(value, value);
    }
  }
  for (; i < args.length; i++) {
    const word = args[i] as string;
    if (word === "--") {
      args.slice(i + 1).forEach(name);
      break;
    }
    if (word.startsWith("--")) {
      const eq = word.indexOf("=");
      const long = word.slice(2, eq < 0 ? undefined : eq);
      const isFolder = long.length >= 3 && "directory".startsWith(long);
      if (!isFolder && long !== "file") continue;
      const value = eq < 0 ? args[++i] : word.slice(eq + 1);
      if (isFolder && value !== undefined) enter(value, word);
      continue;
    }
    if (word.startsWith("-") && word.length > 1) {
      for (let k = 1; k < word.length; k++) {
        const letter = word[k] as string;
        if (!values.includes(letter)) continue;
        const value = word.slice(k + 1) || args[++i];
        if (letter === "C" && value !== undefined) enter(value, word);
        break;
      }
      continue;
    }
    name(word);
  }
  return found;
}

/** tar reads `host:file` (a colon with no slash before it) as a remote archive, over rsh. */
function isRemote(name: string): boolean {
  const colon = name.indexOf(":");
  return colon > 0 && !name.slice(0, colon).includes("/");
}

const SED_FEATURES: Readonly<Record<SedFeature, string>> = {
  e: "sed's e command runs other programs",
  r: "sed's r command reads a file named inside the script",
  R: "sed's R command reads a file named inside the script",
  w: "sed's w command writes a file named inside the script",
  W: "sed's W command writes a file named inside the script",
  "s///e": "the e flag of sed's s command runs other programs",
  "s///w": "the w flag of sed's s command writes a file named inside the script",
};

/**
 * sed: its script is read in full. With the plain entry, e, r, R, w, W, s///e, s///w and a script
 * file are refused, a script that cannot be read too, and `--sandbox` is added (sed then refuses
 * them itself). With `sed:exec`, the files the script names are checked like any path.
 */
function checkSed(args: readonly string[], explicit: boolean): OptionsCheck {
  const line = readSedArgs(args);
  const reading = readSedScript(line.script);
  if (explicit) {
    const paths = reading?.operands.map((operand) => ({ path: operand, word: operand })) ?? [];
    return reading ? { scriptArgs: line.scriptArgs, paths, guard: [] } : none();
  }
  if (line.scriptFile) {
    return { ...none(), refusal: needs("sed", "sed -f reads a script that cannot be checked") };
  }
  if (line.badOption !== undefined) {
    return {
      ...none(),
      refusal: `Command not allowed: sed does not know the option ${line.badOption}.`,
      refusalCode: "argument",
    };
  }
  if (!reading) {
    return {
      ...none(),
      refusal: "Command not allowed: this sed script could not be read, so it cannot be checked.",
      refusalCode: "argument",
    };
  }
  const feature = reading.features[0];
  if (feature) return { ...none(), refusal: needs("sed", SED_FEATURES[feature]) };
  return { scriptArgs: line.scriptArgs, paths: [], guard: ["--sandbox"] };
}

/**
 * Checks the options of `program` (typed with `args`): `explicit` when the user's list holds
 * `program:exec`. Programs without such options pass as they are.
 */
export function checkOptions(
  program: string,
  args: readonly string[],
  explicit: boolean,
): OptionsCheck {
  if (program === "sed") return checkSed(args, explicit);
  const paths = program === "tar" ? tarFolderPaths(args) : [];
  const rule = RULES[program];
  if (!rule || explicit) return { ...none(), paths };
  const refused = refusedOption(program, rule, args);
  if (refused) return { ...none(), refusal: needs(program, refused) };
  if (program === "tar" && !args.includes("--force-local")) {
    const remote = tarArchives(args).find(isRemote);
    if (remote !== undefined) {
      return {
        ...none(),
        refusal: needs(
          "tar",
          `tar reads the archive name ${remote} as host:file and runs a remote shell (add --force-local for a local file)`,
        ),
      };
    }
  }
  return { ...none(), paths };
}
