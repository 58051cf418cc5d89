// Command lines of the stand-in compilers, with the options of the real m2hv, m2lv and
// m2ledmac, and their help text (worded for this project).

/** What each tool accepts: flags alone, options that take one word. */
const TOOLS = {
  m2hv: {
    title: "m2hv: Mauro-TeX → HTML (Scriptorium test stand-in)",
    usage:
      "usage: m2hv [-a] [-b] [-h] [-l0|-l1|-l2] [-n] [-p] [-P] [-v] [-x] [-y] [-z]\n" +
      "            [-f FILE] [-u FILE] [-s|-S W] [-o|-O W] [-e|-E W] [-c G1 G2] [-t W] FILE",
    flags: ["-a", "-b", "-h", "-l0", "-l1", "-l2", "-n", "-p", "-P", "-v", "-x", "-y", "-z"],
    valued: ["-f", "-u", "-s", "-S", "-o", "-O", "-e", "-E", "-t"],
    help: [
      "  -a, -l0      analyse only, write no file",
      "  -l1          write the critical text and its apparatus only",
      "  -l2          write every page (the default)",
      "  -b           trivial variants count as real ones",
      "  -c G1 G2     page of the places where two groups of sigla disagree",
      "               (sigla joined by commas; `base` stands for the base text)",
      "  -e W, -E W   page of the places where witness W leaves the base text",
      "  -f FILE      settings from FILE",
      "  -h           this help",
      "  -n           show how many witnesses each variant has",
      "  -o W, -O W   page of the omissions of witness W",
      "  -p           brackets drawn as pictures",
      "  -P           an empty reading takes the one of the variant before",
      "  -s W, -S W   page of the readings that only witness W has",
      "  -t W         the text as witness W reads it",
      "  -u FILE      number the units after FILE",
      "  -v           print warnings",
      "  -x           leave quoted propositions out of the citations page",
      "  -y           number the sections",
      "  -z           list the source's comments with their line",
    ],
  },
  m2lv: {
    title: "m2lv: Mauro-TeX → LaTeX (Scriptorium test stand-in)",
    usage: "usage: m2lv [-b] [-h] [-P] [-v] [-x] [-p PLUGIN] [-f FILE] [-t W] FILE",
    flags: ["-b", "-h", "-P", "-v", "-x"],
    valued: ["-p", "-f", "-t"],
    help: [
      "  -b           trivial variants count as real ones",
      "  -f FILE      settings from FILE",
      "  -h           this help",
      "  -p PLUGIN    use PLUGIN: standard (default) or epistolario",
      "  -P           an empty reading takes the one of the variant before",
      "  -t W         the text as witness W reads it, without apparatus",
      "  -v           print warnings",
      "  -x           leave quoted propositions out of the citations",
      "writes FILE.m.tex (variants as footnotes)",
    ],
  },
};
TOOLS.m2ledmac = {
  ...TOOLS.m2lv,
  title: "m2ledmac: Mauro-TeX → LaTeX with reledmac (Scriptorium test stand-in)",
  usage: TOOLS.m2lv.usage.replace("m2lv", "m2ledmac"),
  help: [...TOOLS.m2lv.help.slice(0, -1), "writes FILE.m.tex (reledmac, variants as \\edtext)"],
};

export const PLUGINS = ["standard", "epistolario"];

/** The help text: title, usage and, for `-h`, what each option does. */
export function usageText(tool, full) {
  const spec = TOOLS[tool];
  const lines = [spec.title, spec.usage];
  if (full) lines.push("options:", ...spec.help);
  return `${lines.join("\n")}\n`;
}

/**
 * Parses argv: `{ ok, help, file, flags: Set, values: { "-t": [..] }, groups, problem }`.
 * Upper-case `-S -O -E` count as their lower-case twins. Anything unknown makes `ok` false.
 */
export function parseArgs(tool, argv) {
  const spec = TOOLS[tool];
  const result = {
    ok: true,
    help: false,
    file: undefined,
    flags: new Set(),
    values: {},
    groups: [],
  };
  const fail = (problem) => Object.assign(result, { ok: false, problem });
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i];
    if (!word.startsWith("-") || word === "-") {
      if (result.file !== undefined) return fail(`a second file name: ${word}`);
      result.file = word;
    } else if (spec.flags.includes(word)) {
      result.flags.add(word);
      if (word === "-h") result.help = true;
    } else if (spec.valued.includes(word)) {
      if (i + 1 >= argv.length) return fail(`${word} needs a value`);
      const key = word.toLowerCase();
      (result.values[key] ??= []).push(argv[++i]);
    } else if (tool === "m2hv" && (word === "-c" || word === "-C")) {
      if (i + 2 >= argv.length) return fail(`${word} needs two groups`);
      result.groups = [argv[i + 1].split(","), argv[i + 2].split(",")];
      i += 2;
    } else return fail(`unknown option ${word}`);
  }
  if (result.help) return result;
  if (result.file === undefined) return fail("no file");
  if (tool === "m2hv" && result.values["-t"] && (result.values["-o"] || result.values["-e"])) {
    return fail("-t does not go with -o or -e");
  }
  for (const plugin of result.values["-p"] ?? []) {
    if (!PLUGINS.includes(plugin)) return fail(`unknown plugin ${plugin}`);
  }
  return result;
}
