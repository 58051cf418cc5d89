/** The unzip dialog: extract `archive` into a folder chosen from `dir` (decoded, ending "/"). */
export interface UnzipPromptSpec {
  name: "unzip";
  archive: { path: string; name: string };
  dir: string;
}
