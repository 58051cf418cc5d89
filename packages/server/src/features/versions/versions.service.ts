import path from "node:path";
import type { Readable } from "node:stream";
import { diffTexts, type HistoryDiff, type Version } from "@scriptorium/shared";
import { AppError, badRequest, forbidden, notFound } from "../../errors.js";
import { mimeFromExtension, extensionOf } from "../../lib/mime.js";
import type { FileEvents } from "../../storage/events.js";
import type { Storage } from "../../storage/storage.js";
import type { ResolvedPath, UserFs } from "../../storage/user-fs.js";
import type { UserRecord } from "../users/users.store.js";
import type { VersionKeeper } from "./versions.keeper.js";
import type { VersionRecord, VersionsStore } from "./versions.store.js";

/**
 * Bytes of one side of a diff at most: larger sides are refused with 413 PAYLOAD_TOO_LARGE
 * (a diff is computed in memory).
 */
export const DIFF_SIDE_MAX = 5 * 1024 * 1024;

const gone = () => notFound("No such version");

function toVersion(v: VersionRecord): Version {
  return {
    id: v.id,
    modified: new Date(v.madeAt).toISOString(),
    size: v.size,
    author: v.author,
    label: v.label,
  };
}

/** The text of a side, or undefined when it is not text (a NUL byte, or not UTF-8). */
function textOf(data: Buffer): string | undefined {
  if (data.includes(0)) return undefined;
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(data);
  } catch {
    return undefined;
  }
}

const tooLarge = () =>
  new AppError("PAYLOAD_TOO_LARGE", "This version is too large to compare (5 MiB at most)");

interface Located {
  fs: UserFs;
  target: ResolvedPath;
  key: string;
}

/**
 * GET/POST/PUT /api/history/{path}: the versions of a file in the user's view. The path is
 * resolved like every other (scope, rules, links only inside the scope at allowed places), the
 * versions are those of the file's real place; another file's version id is 404.
 */
export function createVersionsService(deps: {
  store: VersionsStore;
  keeper: VersionKeeper;
  storage: Storage;
  events: FileEvents;
}) {
  const { store, keeper } = deps;

  async function locate(user: UserRecord, requestPath: string): Promise<Located> {
    const fs = await deps.storage.forUser(user);
    const target = await fs.resolve(requestPath, { followLink: true });
    const info = await fs.stat(target.abs); // 404 when missing
    if (!info.isFile()) throw badRequest("Only files have versions", "IS_A_FOLDER");
    const key = await keeper.keyOf(target.real);
    if (!key) throw notFound("No such file");
    return { fs, target, key };
  }

  async function versionOf(key: string, id: string | undefined): Promise<VersionRecord> {
    if (!id) throw badRequest("Which version? (?version=ID)");
    const v = await store.find(id);
    if (!v || v.path !== key || v.trashId !== null || v.state !== "kept" || !v.hash) throw gone();
    return v;
  }

  /** One side of a diff as bytes (at most DIFF_SIDE_MAX). */
  async function side(at: Located, id: string): Promise<Buffer> {
    if (id === "current") {
      const info = await at.fs.stat(at.target.abs);
      if (info.size > DIFF_SIDE_MAX) throw tooLarge();
      return at.fs.readFile(at.target.abs);
    }
    const v = await versionOf(at.key, id);
    if (v.size > DIFF_SIDE_MAX) throw tooLarge();
    return keeper.content(v.hash as string);
  }

  return {
    /** The start's reconciliation (versions.keeper.ts). */
    reconcile: (liveTrash?: () => Promise<Set<string>>) => keeper.reconcile(liveTrash),
    sweep: () => keeper.sweep(),
    onError: (handler: (err: unknown) => void) => keeper.onError(handler),
    /** Waits for the versions being stored. */
    settled: () => keeper.settled(),
    /** Whether a replaced file of `size` bytes becomes a version (then it skips the trash). */
    keepsVersion: (size: number) => keeper.hook.wouldKeep(size),

    async list(user: UserRecord, requestPath: string): Promise<Version[]> {
      const at = await locate(user, requestPath);
      await keeper.settled();
      return (await store.ofPath(at.key, "kept")).map(toVersion);
    },

    /** A version's bytes: a stream with its size, name and type. */
    async open(
      user: UserRecord,
      requestPath: string,
      id: string | undefined,
    ): Promise<{
      stream: Readable;
      size: number;
      /** False: the length is not announced (a large version, streamed). */
      whole: boolean;
      name: string;
      contentType: string;
    }> {
      const at = await locate(user, requestPath);
      const v = await versionOf(at.key, id);
      const name = path.posix.basename(at.target.path);
      const type = mimeFromExtension(extensionOf(name)) ?? "application/octet-stream";
      const contentType = type.startsWith("text/") ? `${type}; charset=utf-8` : type;
      const { stream, whole } = await keeper.stream(v.hash as string);
      return { stream, whole, size: v.size, name, contentType };
    },

    /** Puts a version's content back; the present content becomes a version first. */
    async restore(user: UserRecord, requestPath: string, id: string | undefined) {
      if (!user.perm.modify) throw forbidden("You may not modify files");
      const at = await locate(user, requestPath);
      const v = await versionOf(at.key, id);
      await at.fs.writeAtomic(at.target.abs, (await keeper.stream(v.hash as string)).stream);
      deps.events.emit({ type: "saved", userId: user.id, abs: at.target.abs });
      return { path: at.target.path };
    },

    async label(user: UserRecord, requestPath: string, id: string | undefined, label: string) {
      if (!user.perm.modify) throw forbidden("You may not modify files");
      const at = await locate(user, requestPath);
      const v = await versionOf(at.key, id);
      const trimmed = label.trim();
      await store.setLabel(v.id, trimmed === "" ? null : trimmed);
    },

    /** `?diff=A,B`: A and B are version ids or `current`. */
    async diff(
      user: UserRecord,
      requestPath: string,
      pair: string,
      context?: number,
    ): Promise<HistoryDiff> {
      const ids = pair.split(",");
      if (ids.length !== 2 || ids.some((id) => id === "" || id.length > 64))
        throw badRequest("diff= takes two version ids (or current) joined by a comma");
      const [from, to] = ids as [string, string];
      const at = await locate(user, requestPath);
      const [oldText, newText] = [textOf(await side(at, from)), textOf(await side(at, to))];
      if (oldText === undefined || newText === undefined)
        return { from, to, binary: true, lines: [], readings: [] };
      // A Mauro-TeX source is a .tex file: its changed readings are named with their sigla.
      const maurotex = /\.tex$/i.test(at.target.path);
      return { from, to, binary: false, ...diffTexts(oldText, newText, { context, maurotex }) };
    },
  };
}

export type VersionsService = ReturnType<typeof createVersionsService>;
