/** The download dialog: an archive of `paths` (decoded full paths) in a chosen format. */
export interface DownloadPromptSpec {
  name: "download";
  paths: readonly string[];
}
