import { apiCall } from "../../api/client";
import { childPath, encodePath } from "../../lib/paths";

/**
 * SPEC.md §5: unzip is offered for .zip .bz2 .br .tbz2 .gz .xz .rar .tar, in any letter case;
 * .tgz and .txz too (API.md Part A §8). .tar.gz, .tar.xz and .tar.bz2 end in one of these.
 */
const EXTRACTABLE = /\.(zip|bz2|br|tbz2|gz|xz|rar|tar|tgz|txz)$/i;

export const isExtractable = (name: string) => EXTRACTABLE.test(name);

/**
 * The `destination` of an unzip: the chosen folder plus the archive's name (the server extracts
 * into its parent folder, API.md §2.9).
 */
export function unzipDestination(folder: string, archiveName: string): string {
  return childPath(folder, archiveName, false);
}

/**
 * `PATCH /api/resources{src}?action=unzip&destination=…&override=…`. The destination's
 * segments are encoded here and the client encodes the whole value again (the server decodes
 * it twice). Without override a name that exists is a 409 and nothing is written.
 */
export async function extractArchive(
  src: string,
  folder: string,
  archiveName: string,
  override: boolean,
): Promise<void> {
  await apiCall("patchResource", {
    path: src,
    query: {
      action: "unzip",
      destination: encodePath(unzipDestination(folder, archiveName)),
      override: String(override),
    },
  });
}
