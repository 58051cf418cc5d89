import { closeSync, constants, openSync, readlinkSync } from "node:fs";
import { open, readlink, type FileHandle } from "node:fs/promises";
import path from "node:path";
import { AppError } from "../errors.js";

/**
 * Descriptors instead of path strings: the base of every operation on a user's file.
 *
 * A program in the sandbox can swap any component of a path for a link at any moment, so a
 * path that was checked may lead elsewhere when it is used. Each operation here opens first
 * (with O_PATH: nothing is read, no device or FIFO wakes up), asks the kernel where the open
 * descriptor really is (`/proc/self/fd/N`), checks that place, and then works through the
 * descriptor only. A name inside an open folder is reached as `/proc/self/fd/N/name`: the kernel
 * goes to the folder the descriptor holds, not to a path looked up again, which gives openat(2),
 * mkdirat, renameat, unlinkat and fstatat semantics to Node's path-based calls. Linux only.
 */

/**
 * O_PATH (Linux, same value on x86-64 and arm64): a handle on a place, not an open file. libuv
 * adds O_CLOEXEC to every open: no descriptor of ours reaches a program the runner starts.
 */
export const O_PATH = 0o10000000;
const { O_DIRECTORY, O_NOFOLLOW } = constants;

/** Where a descriptor may be: true for a real path this view may use. */
export type Place = (real: string) => boolean;

/** An open, checked place: a file, a folder or (opened without following) a link itself. */
export interface Pinned {
  readonly fd: number;
  /** Where the descriptor was when it was checked. */
  readonly real: string;
  /** The descriptor as a path: `/proc/self/fd/N`. */
  readonly at: string;
  readonly handle: FileHandle;
  /** A name inside this folder, reached through the descriptor (never a path looked up again). */
  child(name: string): string;
  close(): Promise<void>;
}

export const fdPath = (fd: number) => `/proc/self/fd/${fd}`;

/**
 * The longest path Linux names (PATH_MAX, with its NUL). Reached by descriptors, a path longer
 * than that could be made, but nothing could open it by its path afterwards: refused instead.
 */
export const PATH_MAX = 4096;

const outside = () => new AppError("PATH_OUTSIDE_SCOPE", "This path is outside your scope");

/** A single name inside a folder: no separator, not "." or "..", no NUL. */
export function assertName(name: string): string {
  if (name === "" || name === "." || name === ".." || name.includes("/") || name.includes("\0")) {
    throw new AppError("BAD_REQUEST", "Invalid name");
  }
  return name;
}

function pinnedOf(handle: FileHandle, real: string): Pinned {
  const at = fdPath(handle.fd);
  return {
    fd: handle.fd,
    real,
    at,
    handle,
    child: (name) => `${at}/${assertName(name)}`,
    close: () => handle.close(),
  };
}

/** The flags of an O_PATH open. */
function pathFlags(how: { follow: boolean; dir?: boolean }): number {
  return O_PATH | (how.follow ? 0 : O_NOFOLLOW) | (how.dir ? O_DIRECTORY : 0);
}

/**
 * Opens `abs` as a place (O_PATH), following links in every component when `how.follow`, else
 * in every component but the last (the link itself is then what is held), and checks where the
 * descriptor really is with `place`. Refused (403 PATH_OUTSIDE_SCOPE, the descriptor closed)
 * when `place` says no; errno errors are thrown as they are.
 */
export async function pin(
  abs: string,
  how: { follow: boolean; dir?: boolean },
  place: Place,
): Promise<Pinned> {
  const handle = await open(abs, pathFlags(how));
  try {
    const real = await readlink(fdPath(handle.fd));
    if (!place(real)) throw outside();
    return pinnedOf(handle, real);
  } catch (err) {
    await handle.close();
    throw err;
  }
}

/** pin, then `use`, then the descriptor closed whatever happens. */
export async function withPin<T>(
  abs: string,
  how: { follow: boolean; dir?: boolean },
  place: Place,
  use: (pinned: Pinned) => Promise<T>,
): Promise<T> {
  const pinned = await pin(abs, how, place);
  try {
    return await use(pinned);
  } finally {
    await pinned.close();
  }
}

/**
 * The folder holding `abs` (links followed, checked with `place`) and the last name of `abs`:
 * what an operation on the entry itself needs (create, lstat, rename, remove), so that the
 * entry is never reached by a path looked up again.
 */
export async function withParent<T>(
  abs: string,
  place: Place,
  use: (folder: Pinned, name: string) => Promise<T>,
): Promise<T> {
  const name = path.basename(abs);
  return withPin(path.dirname(abs), { follow: true, dir: true }, place, (folder) =>
    use(folder, name),
  );
}

/**
 * Opens what a pinned place holds, for reading or writing (`flags` without O_CREAT): the same
 * file, whatever its name leads to now. A pinned link (not followed) cannot be opened.
 */
export function reopen(pinned: Pinned, flags: number): Promise<FileHandle> {
  return open(pinned.at, flags);
}

/**
 * The entry `name` of a pinned folder, opened without following a link (a folder with
 * `how.dir`): it is that entry of that folder, so no check of its real path is needed (and none
 * is made: a deep tree's real path can be longer than the kernel will print). `real` is the
 * folder's real path joined with the name.
 */
export async function pinChild(
  folder: Pinned,
  name: string,
  how: { dir?: boolean } = {},
): Promise<Pinned> {
  const handle = await open(folder.child(name), pathFlags({ follow: false, dir: how.dir }));
  return pinnedOf(handle, path.join(folder.real, name));
}

/** pinChild, then `use`, then the descriptor closed whatever happens. */
export async function withChild<T>(
  folder: Pinned,
  name: string,
  how: { dir?: boolean },
  use: (pinned: Pinned) => Promise<T>,
): Promise<T> {
  const pinned = await pinChild(folder, name, how);
  try {
    return await use(pinned);
  } finally {
    await pinned.close();
  }
}

/** A synchronous pin, for the walks that run in batches on the event loop. */
export function pinSync(
  abs: string,
  how: { follow: boolean; dir?: boolean },
  place: Place,
): { fd: number; real: string; at: string; close(): void } {
  const fd = openSync(abs, pathFlags(how));
  try {
    const real = readlinkSync(fdPath(fd));
    if (!place(real)) throw outside();
    return { fd, real, at: fdPath(fd), close: () => closeSync(fd) };
  } catch (err) {
    closeSync(fd);
    throw err;
  }
}

/**
 * A place check for paths the server itself lays out (staging folders, its own outputs): the
 * descriptor must be exactly at `expected`, so no component of the way was a link.
 */
export const exactly =
  (expected: string): Place =>
  (real) =>
    real === expected;
