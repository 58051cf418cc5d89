import { createExtractorFromFile, type FileHeader } from "node-unrar-js";
import { createSemaphore } from "../../lib/semaphore.js";
import type { Tracker } from "../../storage/extraction/policy.js";
import { refused } from "../../storage/extraction/policy.js";
import { topNames, type Precheck } from "./readers.js";
import type { Staging } from "../../storage/extraction/staging.js";

/** node-unrar-js keeps one WebAssembly instance whose callbacks go to the latest extractor. */
const oneAtATime = createSemaphore(1);

/** The file callbacks of node-unrar-js's file extractor that we count bytes in. */
interface WriteHook {
  write(fd: number, buf: number, size: number): boolean;
}

/**
 * RAR (node-unrar-js, the official unrar compiled to WebAssembly). The listing is checked first
 * (names, declared sizes, conflicts, encryption); files are then written by unrar into the
 * staging folder under names we checked, with every write counted against the limits. Links in
 * RAR archives are not recreated (unrar in WebAssembly has no access to our filesystem for them).
 */
export function extractRar(
  file: string,
  staging: Staging,
  tracker: Tracker,
  precheck: Precheck,
): Promise<void> {
  return oneAtATime.run(async () => {
    const names = new Map<string, string>();
    let headers: FileHeader[];
    try {
      const lister = await createExtractorFromFile({ filepath: file });
      headers = [...lister.getFileList().fileHeaders];
    } catch (err) {
      const reason = (err as { reason?: string }).reason;
      if (reason === "ERAR_MISSING_PASSWORD" || reason === "ERAR_BAD_PASSWORD") {
        throw refused("encrypted archives are not supported");
      }
      throw err;
    }
    if (headers.some((h) => h.flags.encrypted))
      throw refused("encrypted archives are not supported");
    tracker.declared(
      headers.reduce((sum, h) => sum + h.unpSize, 0),
      headers.length,
    );
    await precheck(topNames(headers.map((h) => h.name)));
    for (const h of headers) {
      if (h.flags.directory) await staging.dir(h.name);
      else {
        const rel = await staging.reserveFile(h.name);
        if (rel !== undefined) names.set(h.name, rel);
      }
    }
    let limitError: Error | undefined;
    const extractor = await createExtractorFromFile({
      filepath: file,
      targetPath: staging.root,
      filenameTransform: (name) => names.get(name) ?? "",
    });
    const hooked = extractor as unknown as WriteHook;
    const write = hooked.write.bind(extractor);
    hooked.write = (fd, buf, size) => {
      try {
        tracker.bytes(size);
      } catch (err) {
        limitError = err as Error;
        return false;
      }
      return write(fd, buf, size);
    };
    try {
      const { files } = extractor.extract({ files: (h) => names.has(h.name) });
      for (const extracted of files) void extracted;
    } catch (err) {
      throw limitError ?? (err as Error);
    }
    if (limitError) throw limitError;
  });
}
