import path from "node:path";
import type { PublicShare, Sorting } from "@scriptorium/shared";
import { AppError, forbidden, notFound } from "../../errors.js";
import type {
  DownloadService,
  DownloadTarget,
  FileDownload,
} from "../downloads/downloads.service.js";
import type { ActivityRecorder } from "../activity/activity.service.js";
import type { InlineService } from "../inline/inline.service.js";
import { describeEntry, statEntry } from "../resources/entry-info.js";
import { listFolder, sortItems } from "../resources/listing.js";
import { publicInfo, type ShareAccess, type ShareGate, type Visitor } from "./share-gate.js";
import type { SharesStore } from "./shares.store.js";

/** Folders first, then A→Z (API.md Part B §7.3). */
const PUBLIC_SORTING: Sorting = { by: "name", asc: true };

const notReadable = () => forbidden("This link is a drop box: its content cannot be read");
const usedUp = () => new AppError("LINK_EXHAUSTED", "This link has reached its download limit");

/** A read link's file or folder at the request's path inside it. */
async function targetOf(access: ShareAccess): Promise<DownloadTarget> {
  if (!access.isDir) {
    // A file share is the file, whatever path follows the hash.
    return { fs: access.fs, resolved: access.root, name: access.name, stats: access.rootStats };
  }
  const resolved = await access.fs.resolve(access.rest);
  const stats = await access.fs.statBig(resolved.abs);
  const name = resolved.path === "/" ? access.name : path.posix.basename(resolved.path);
  return { fs: access.fs, resolved, name, stats };
}

/**
 * What anonymous visitors get through a link (API.md Part B §7.3, Part A §11, §12, §19): the
 * listing or file info, downloads (counted against the link's limit), sandboxed inline views;
 * a drop box tells only its own info.
 */
export function createPublicShareService(deps: {
  gate: ShareGate;
  store: SharesStore;
  downloads: DownloadService;
  inline: InlineService;
  /** The activity log: each counted download of a link (by its anonymous visitor). */
  activity?: ActivityRecorder;
}) {
  async function readable(raw: string, visitor: Visitor): Promise<ShareAccess> {
    const access = await deps.gate.open(raw, visitor);
    if (access.share.mode !== "read") throw notReadable();
    if (
      access.share.maxDownloads !== undefined &&
      access.share.downloads >= access.share.maxDownloads
    ) {
      throw usedUp();
    }
    return access;
  }

  return {
    /** GET /api/public/share/{hash}{path}. */
    async view(raw: string, visitor: Visitor): Promise<PublicShare> {
      const access = await deps.gate.open(raw, visitor);
      const token = access.token !== undefined ? { token: access.token } : {};
      const share = publicInfo(access);
      if (access.share.mode === "upload") return { share, ...token };
      if (share.downloadsLeft === 0) throw usedUp();
      const target = await targetOf(access);
      const fs = target.fs;
      const stats = await statEntry(fs, target.resolved.abs);
      if (!access.isDir) {
        const info = await describeEntry(fs, target.resolved.abs, "", access.name, stats, true);
        return { ...info, share, ...token };
      }
      const userPath = target.resolved.path;
      const info = await describeEntry(fs, target.resolved.abs, userPath, target.name, stats, true);
      if (!info.isDir) return { ...info, share, ...token };
      const items = sortItems(await listFolder(fs, target.resolved.abs, userPath), PUBLIC_SORTING);
      const numDirs = items.filter((i) => i.isDir).length;
      return {
        ...info,
        items,
        numDirs,
        numFiles: items.length - numDirs,
        sorting: PUBLIC_SORTING,
        share,
        ...token,
      };
    },

    /**
     * GET /api/public/dl/{hash}{path}: what to send. `counted` takes one download of the link's
     * limit (a HEAD or the rest of a started download does not), 410 when none is left.
     */
    async download(
      raw: string,
      visitor: Visitor,
      counted: boolean,
    ): Promise<{ access: ShareAccess; target: DownloadTarget }> {
      const access = await readable(raw, visitor);
      const target = await targetOf(access);
      if (counted) {
        if (!(await deps.store.takeDownload(access.share.hash))) throw usedUp();
        await deps.activity?.record({
          action: "share-use",
          abs: target.resolved.abs,
          detail: access.share.hash,
          actor: null,
        });
        if (access.share.maxDownloads !== undefined) {
          await deps.store.addActivity(access.share.hash, {
            at: Date.now(),
            kind: "download",
            name: access.isDir ? target.resolved.path : "",
            size: target.stats.isFile() ? Number(target.stats.size) : 0,
            address: visitor.address,
          });
        }
      }
      return { access, target };
    },

    /** Opens a located file of a link. */
    openFile: (target: DownloadTarget): Promise<FileDownload> => deps.downloads.openTarget(target),

    /**
     * GET /api/public-inline/dl/{hash}{path}: a file link's file itself; in a folder link, a
     * capability URL for the link's folder (relative links between its pages keep working).
     * `reading`: the share page's reading view, whose capability serves pages without scripts.
     */
    async inline(
      raw: string,
      visitor: Visitor,
      reading = false,
    ): Promise<{ file: FileDownload } | { capability: string; rest: string }> {
      const access = await readable(raw, visitor);
      if (!access.isDir) {
        return { file: await deps.downloads.openTarget(await targetOf(access)) };
      }
      const target = await targetOf(access);
      if (!target.stats.isDirectory() && !target.stats.isFile()) {
        throw notFound("No such file in this link");
      }
      const rest = target.stats.isDirectory()
        ? path.posix.join(target.resolved.path, "index.html")
        : target.resolved.path;
      const capability = await deps.inline.mintForShare({
        owner: access.owner,
        folder: access.root.path,
        hash: access.share.hash,
        clientAddress: visitor.address,
        noScripts: reading,
      });
      return { capability, rest: rest.replace(/^\/+/, "") };
    },
  };
}

export type PublicShareService = ReturnType<typeof createPublicShareService>;
