import { isStrictlyWithin, isWithin } from "@scriptorium/shared";
import path from "node:path";
import { AppError, badRequest, forbidden } from "../../errors.js";
import { refuseReservedNames } from "../../lib/reserved-names.js";
import { copyEntry } from "../../storage/copy-tree.js";
import { moveEntry } from "../../storage/move.js";
import type { ResolvedPath } from "../../storage/user-fs.js";
import { checkWrite, type Touched } from "./dav-conditions.js";
import { keyOf, type DavCall } from "./dav-context.js";
import { parentKey, refuseMacMetadata, refuseReadOnly, requireParent } from "./dav-files.js";
import { destinationOf } from "./dav-paths.js";

/** The Overwrite header: T (the default) or F. */
function overwriteOf(call: DavCall): boolean {
  const value = call.request.headers.overwrite;
  if (value === undefined) return true;
  const v = String(value).trim().toUpperCase();
  if (v !== "T" && v !== "F") throw badRequest("Overwrite must be T or F");
  return v === "T";
}

/** COPY's Depth: 0 (a folder without its members) or infinity; MOVE's only infinity. */
function depthOf(call: DavCall, move: boolean): 0 | "infinity" {
  const value = call.request.headers.depth;
  if (value === undefined) return "infinity";
  const v = String(value).trim().toLowerCase();
  if (v === "infinity") return "infinity";
  if (v === "0" && !move) return 0;
  throw badRequest(move ? "MOVE takes Depth: infinity" : "COPY takes Depth 0 or infinity");
}

/**
 * Removes what an Overwrite: T destination holds before a COPY or MOVE puts the source there
 * (RFC 4918 §9.8.4: as a DELETE would): into the trash, with its locks and properties. A file
 * about to be replaced by a file stays instead when a version of it is kept: the rename
 * replaces it, and the old content becomes a version (the name never disappears).
 */
async function clearDestination(
  call: DavCall,
  dst: ResolvedPath,
  dstKey: string,
  srcIsDir: boolean,
): Promise<boolean> {
  const { fs, deps, user } = call;
  const existing = await fs.lstatOrNone(dst.abs);
  if (!existing) return false;
  if (!srcIsDir && existing.isFile() && (await deps.keepsVersion?.(existing.size))) return true;
  if (!(await deps.trash?.put(user, fs, dst))) await fs.remove(dst.abs);
  deps.events.emit({ type: "deleted", userId: user.id, abs: dst.abs });
  await deps.locks.dropWithin(dstKey);
  await deps.props.drop(dstKey);
  return false;
}

/**
 * COPY and MOVE (RFC 4918 §9.8, §9.9) inside the user's view, with the API's checks: copies
 * leave out what the user may not see, a move of a folder holding a denied path is refused,
 * nothing is ever placed partly. 201 when the destination was new, 204 when it was replaced.
 */
export async function copyOrMove(call: DavCall, move: boolean): Promise<void> {
  refuseReadOnly(call);
  const { fs, deps, user } = call;
  if (move && !user.perm.rename) throw forbidden("You may not move or rename files");
  if (!move && !user.perm.create) throw forbidden("You may not copy files");
  const overwrite = overwriteOf(call);
  const depth = depthOf(call, move);
  const src = await fs.resolve(call.path, { followLink: !move });
  const dst = await fs.resolve(
    destinationOf(call.request.headers.destination as string | undefined, call.baseURL),
    {
      followLink: false,
    },
  );
  refuseReservedNames(dst.path);
  await refuseMacMetadata(call, dst.path);
  if (src.path === "/" || dst.path === "/") {
    throw forbidden("The root of your files cannot be moved or copied");
  }
  if (src.path === dst.path) throw forbidden("The source and the destination are the same");
  const srcInfo = await fs.lstat(src.abs); // 404 when missing
  const isDir = move ? srcInfo.isDirectory() : (await fs.stat(src.abs)).isDirectory();
  if (
    isStrictlyWithin(src.path, dst.path) ||
    (isDir && isWithin(await fs.realOf(src.abs), await fs.realOf(path.dirname(dst.abs))))
  ) {
    throw forbidden("A folder cannot be copied or moved into itself");
  }
  await requireParent(call, dst.abs);
  const exists = (await fs.lstatOrNone(dst.abs)) !== undefined;
  if (exists && !overwrite) {
    throw new AppError("PRECONDITION_FAILED", "The destination exists and Overwrite is F");
  }
  if (exists && !user.perm.modify) throw forbidden("You may not overwrite files");
  if (move && isDir) await fs.assertNothingDeniedBelow(src.path, src.abs);

  const srcKey = keyOf(call, src, move);
  const dstKey = keyOf(call, dst, true);
  const touched: Touched[] = [
    { key: dstKey, deep: true },
    { key: await parentKey(call, dst.path), deep: false },
  ];
  if (move) {
    touched.push(
      { key: srcKey, deep: true },
      { key: await parentKey(call, src.path), deep: false },
    );
  }
  await checkWrite(call, touched);

  const replaceFile = exists && (await clearDestination(call, dst, dstKey, isDir));
  if (!move && isDir && depth === 0) await fs.mkdir(dst.abs, false);
  else if (move) await moveEntry(fs, src.abs, src.path, dst.abs, replaceFile);
  else await copyEntry(fs, src.abs, src.path, dst.abs, replaceFile);

  if (move) {
    await deps.locks.dropWithin(srcKey);
    await deps.props.move(srcKey, dstKey);
  } else {
    await deps.props.copy(srcKey, dstKey);
  }
  deps.events.emit({
    type: move ? "moved" : "copied",
    userId: user.id,
    abs: src.abs,
    to: dst.abs,
  });
  await call.reply.code(exists ? 204 : 201).send();
}
