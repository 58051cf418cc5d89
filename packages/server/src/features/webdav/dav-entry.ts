import path from "node:path";
import { etagOfStats } from "../../lib/etag.js";
import { extensionOf, mimeFromExtension } from "../../lib/mime.js";
import { STAGING_SUFFIX } from "../../storage/atomic-write.js";
import type { BigIntStats } from "../../storage/file-ops.js";
import type { UserFs } from "../../storage/user-fs.js";
import { withCharset } from "../downloads/content-headers.js";

/** What WebDAV says of one file or folder: the stats of what the name leads to. */
export interface DavEntry {
  /** The user path ("/" for the root of the view). */
  path: string;
  name: string;
  isDir: boolean;
  stats: BigIntStats;
}

/** Entries of a folder read between two turns of the event loop. */
const STAT_BATCH = 1000;

/** The ETag of a file or folder, the one the API's writes answer. */
export const etagOf = etagOfStats;

/** The Content-Type WebDAV reports: from the extension, no sniffing (a listing reads no file). */
export function davContentType(name: string): string {
  const mime = mimeFromExtension(extensionOf(name));
  return mime ? withCharset(mime) : "application/octet-stream";
}

/**
 * The entries of a folder a user may see, for PROPFIND Depth 1: hidden and rule-denied names
 * and staging files left out; a link is shown as what it leads to when its target is inside the
 * view and allowed (the API's policy), and left out otherwise. Stats are read in batches
 * through the folder's checked descriptor.
 */
export async function childrenOf(fs: UserFs, folder: DavEntry, abs: string): Promise<DavEntry[]> {
  const names = (await fs.readdir(abs)).filter(
    (name) => !name.endsWith(STAGING_SUFFIX) && fs.allowed(fs.child(folder.path, name)),
  );
  const place = await fs.place();
  const out: DavEntry[] = [];
  for (let at = 0; at < names.length; at += STAT_BATCH) {
    if (at > 0) await new Promise((resolve) => setImmediate(resolve));
    const batch = names.slice(at, at + STAT_BATCH);
    const stats = fs.lstatBigMany(abs, batch, place);
    for (let i = 0; i < batch.length; i++) {
      const name = batch[i]!;
      let own = stats[i];
      if (!own) continue; // gone meanwhile
      if (own.isSymbolicLink()) {
        own = await fs.statBig(path.join(abs, name)).catch(() => undefined);
        if (!own) continue; // a link out of the view, to a denied place, or dangling
      }
      if (!own.isFile() && !own.isDirectory()) continue;
      out.push({ path: fs.child(folder.path, name), name, isDir: own.isDirectory(), stats: own });
    }
  }
  return out;
}
