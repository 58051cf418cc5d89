import type { Tool, ToolOption, ToolSettings } from "../schemas/tools.js";

const sw = (flag: string, description: string): ToolOption => ({ flag, takes: [], description });
const witness = (flag: string, description: string): ToolOption => ({
  flag,
  takes: ["witness"],
  description,
});
const file = (flag: string, description: string): ToolOption => ({
  flag,
  takes: ["file"],
  description,
});

/** m2hv's options, as its usage line gives them (MauroTeX → HTML). */
const M2HV_OPTIONS: ToolOption[] = [
  sw("-a", "Analysis only (same as -l0)"),
  sw("-b", "Count trivial variants as real ones"),
  sw("-l0", "Level: analysis only, no files"),
  sw("-l1", "Level: critical text only"),
  sw("-l2", "Level: every file (default)"),
  sw("-n", "Print the number of witnesses of each variant"),
  sw("-p", "Render brackets as images"),
  sw("-P", "Use the previous variant's reading when a reading is empty"),
  sw("-v", "Print warnings"),
  sw("-x", "Leave the quoted propositions out of the citations file"),
  sw("-y", "Number sections"),
  sw("-z", "Print line and number of comments"),
  file("-f", "Configuration file"),
  file("-u", "File of reference units"),
  witness("-s", "Singular readings of a witness"),
  witness("-S", "Singular readings of a witness"),
  witness("-o", "Omissions of a witness"),
  witness("-O", "Omissions of a witness"),
  witness("-e", "Discordances of a witness against the base text"),
  witness("-E", "Discordances of a witness against the base text"),
  witness("-t", "Text of a witness"),
  {
    flag: "-c",
    takes: ["witnessGroup", "witnessGroup"],
    description: "Discordances between two groups of witnesses (sigla joined by commas)",
  },
];

/** m2lv's options (MauroTeX → LaTeX); m2ledmac takes the same. */
const M2LV_OPTIONS: ToolOption[] = [
  sw("-b", "Count trivial variants as real ones"),
  sw("-P", "Use the previous variant's reading when a reading is empty"),
  sw("-v", "Print warnings"),
  sw("-x", "Leave the quoted propositions out of the citations file"),
  {
    flag: "-p",
    takes: ["choice"],
    values: ["standard", "epistolario"],
    description: "Enable a plugin",
  },
  file("-f", "Configuration file"),
  witness("-t", "Text of a witness"),
];

const folderTool = (name: string, options: ToolOption[]): Tool => ({
  name,
  executable: name,
  enabled: true,
  kind: "folder",
  options,
  timeoutSeconds: 120,
});

/** A PDF pipeline (issue 30): the compiler's options, then pdflatex on what it wrote. */
const pipelineTool = (name: string, compiler: string): Tool => ({
  name,
  executable: compiler,
  enabled: true,
  kind: "pdf-pipeline",
  options: M2LV_OPTIONS,
  timeoutSeconds: 360,
  steps: [compiler, "pdflatex"],
});

/** The pipelines a new installation has; a stored configuration without them gains them once. */
export function defaultPipelineTools(): Tool[] {
  return [pipelineTool("m2lv-pdf", "m2lv"), pipelineTool("m2ledmac-pdf", "m2ledmac")];
}

/** The edition's tools, as a new installation configures them (API.md Part A §9, issue 30). */
export function defaultToolSettings(): ToolSettings {
  return {
    folders: ["/usr/local/bin", "/usr/bin", "/bin"],
    supportFolders: [],
    tools: [
      folderTool("m2hv", M2HV_OPTIONS),
      folderTool("m2lv", M2LV_OPTIONS),
      folderTool("m2ledmac", M2LV_OPTIONS),
      {
        name: "pdflatex",
        executable: "pdflatex",
        enabled: true,
        kind: "beside-source",
        options: [],
        timeoutSeconds: 240,
      },
      ...defaultPipelineTools(),
    ],
  };
}
