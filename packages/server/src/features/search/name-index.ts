import { foldForSearch } from "@scriptorium/shared";
import type { EntryInfo } from "../../storage/tree-walk.js";
import { kindOf, type EntryKind } from "./entry-kind.js";

/** Names per chunk of the searchable text: an update re-flattens one chunk, not all. */
const CHUNK_NAMES = 32_768;

/**
 * Folded names (lower case, accents off: `foldForSearch`, as full text folds) joined by "\n": `indexOf` finds a term in all of them at memory speed.
 * `starts[k]` is where name k begins, `ids[k]` the entry it belonged to when it was added.
 */
interface NameChunk {
  text: string;
  /** Names added since `text` was last built, and the length `text` will have with them. */
  pending: string[];
  length: number;
  starts: Int32Array;
  ids: Int32Array;
  count: number;
}

const DIR = 1;
const ALIVE = 2;
const ROOT = 0;

/** The chunk's text with its pending names joined in. */
function textOf(chunk: NameChunk): string {
  if (chunk.pending.length > 0) {
    chunk.text += `${chunk.pending.join("\n")}\n`;
    chunk.pending = [];
  }
  return chunk.text;
}

/**
 * Every entry under the server's root, by name, in memory: one slot per entry in typed arrays
 * (parent, size, time, flags) plus its name, and a children map per folder. Paths are never
 * stored: they are rebuilt from the parents, so a million entries cost about a hundred bytes
 * each (see `npm run bench`). Paths are "/"-separated, relative to the root, "/" the root.
 */
export class NameIndex {
  private names: string[] = [""];
  private parent = new Int32Array(1024);
  private sizes = new Float64Array(1024);
  private times = new Float64Array(1024);
  private flags = new Uint8Array(1024);
  private kinds = new Uint8Array(1024);
  /** Where each entry's name is in the chunks (chunk, position); -1: none. */
  private slotChunk = new Int32Array(1024).fill(-1);
  private slotPos = new Int32Array(1024);
  private chunks: NameChunk[] = [];
  /** Names in the chunks that belong to entries gone since. */
  private stale = 0;
  private children = new Map<number, Map<string, number>>([[ROOT, new Map()]]);
  private free: number[] = [];
  private live = 1;

  constructor() {
    this.flags[ROOT] = DIR | ALIVE;
  }

  /** Entries in the index, the root included. */
  get size(): number {
    return this.live;
  }

  /** Slots in use or free: the upper bound of ids for a scan. */
  get capacity(): number {
    return this.names.length;
  }

  private grow(): void {
    const length = this.parent.length * 2;
    const copy = <T extends Int32Array | Float64Array | Uint8Array>(
      old: T,
      make: (n: number) => T,
    ) => {
      const next = make(length);
      next.set(old);
      return next;
    };
    this.parent = copy(this.parent, (n) => new Int32Array(n));
    this.sizes = copy(this.sizes, (n) => new Float64Array(n));
    this.times = copy(this.times, (n) => new Float64Array(n));
    this.flags = copy(this.flags, (n) => new Uint8Array(n));
    this.kinds = copy(this.kinds, (n) => new Uint8Array(n));
    const chunkOf = new Int32Array(length).fill(-1);
    chunkOf.set(this.slotChunk);
    this.slotChunk = chunkOf;
    this.slotPos = copy(this.slotPos, (n) => new Int32Array(n));
  }

  /** Adds an entry's folded name to the searchable text. */
  private addSlot(id: number): void {
    let chunk = this.chunks[this.chunks.length - 1];
    if (!chunk || chunk.count >= CHUNK_NAMES) {
      const size = CHUNK_NAMES;
      chunk = {
        text: "",
        pending: [],
        length: 0,
        starts: new Int32Array(size),
        ids: new Int32Array(size),
        count: 0,
      };
      this.chunks.push(chunk);
    }
    this.slotChunk[id] = this.chunks.length - 1;
    this.slotPos[id] = chunk.count;
    const lower = foldForSearch(this.names[id] ?? "");
    chunk.starts[chunk.count] = chunk.length;
    chunk.ids[chunk.count] = id;
    chunk.count += 1;
    chunk.pending.push(lower);
    chunk.length += lower.length + 1;
    // A full chunk becomes one flat string at once; the last one when it is searched.
    if (chunk.count >= CHUNK_NAMES) textOf(chunk);
  }

  /** Rebuilds the searchable text from the live entries when most of it is stale. */
  private compact(): void {
    if (this.stale < 100_000 || this.stale < this.live) return;
    this.chunks = [];
    this.stale = 0;
    for (let id = 1; id < this.names.length; id++) {
      if (this.flags[id]! & ALIVE) this.addSlot(id);
    }
  }

  /**
   * Calls `found` once for each live entry whose folded name holds `term` (folded with
   * `foldForSearch`, no "\n").
   */
  eachNameHolding(term: string, found: (id: number) => void): void {
    this.compact();
    for (let c = 0; c < this.chunks.length; c++) {
      const chunk = this.chunks[c]!;
      const text = textOf(chunk);
      const { starts, ids, count } = chunk;
      let at = text.indexOf(term);
      let k = 0;
      while (at >= 0) {
        // The name holding position `at`: the last start at or before it.
        let lo = k;
        let hi = count - 1;
        while (lo < hi) {
          const mid = (lo + hi + 1) >> 1;
          if (starts[mid]! <= at) lo = mid;
          else hi = mid - 1;
        }
        k = lo;
        const id = ids[k]!;
        if (this.slotChunk[id] === c && this.slotPos[id] === k) found(id);
        if (k + 1 >= count) break;
        const next = starts[k + 1]!;
        at = text.indexOf(term, next);
        k += 1;
      }
    }
  }

  /** The kind of a file (image, audio, video, pdf, text, blob) or folder, from its name. */
  kindOf(id: number): EntryKind {
    return this.kinds[id] as EntryKind;
  }

  private allocate(parent: number, name: string, info: EntryInfo): number {
    let id = this.free.pop();
    if (id === undefined) {
      id = this.names.length;
      if (id >= this.parent.length) this.grow();
      this.names.push(name);
    } else {
      this.names[id] = name;
    }
    this.parent[id] = parent;
    this.set(id, info);
    this.addSlot(id);
    this.live += 1;
    let siblings = this.children.get(parent);
    if (!siblings) {
      siblings = new Map();
      this.children.set(parent, siblings);
    }
    siblings.set(name, id);
    return id;
  }

  private set(id: number, info: EntryInfo): void {
    this.sizes[id] = info.size;
    this.times[id] = info.modified;
    this.flags[id] = ALIVE | (info.isDir ? DIR : 0);
    this.kinds[id] = kindOf(this.names[id] ?? "", info.isDir);
    if (info.isDir && !this.children.has(id)) this.children.set(id, new Map());
    if (!info.isDir) this.dropChildren(id);
  }

  private dropChildren(id: number): void {
    const kids = this.children.get(id);
    if (!kids) return;
    for (const child of kids.values()) this.release(child);
    this.children.delete(id);
  }

  private release(id: number): void {
    this.dropChildren(id);
    this.flags[id] = 0;
    this.slotChunk[id] = -1;
    this.stale += 1;
    this.names[id] = "";
    this.free.push(id);
    this.live -= 1;
  }

  /** The id of a path, if indexed. */
  find(path: string): number | undefined {
    let id = ROOT;
    for (const part of path.split("/")) {
      if (part === "") continue;
      const next = this.children.get(id)?.get(part);
      if (next === undefined) return undefined;
      id = next;
    }
    return id;
  }

  /** Adds or updates `path`; missing folders above it are added as folders. */
  put(path: string, info: EntryInfo): number {
    const parts = path.split("/").filter((p) => p !== "");
    if (parts.length === 0) return ROOT;
    let id = ROOT;
    for (let i = 0; i < parts.length; i++) {
      const name = parts[i] ?? "";
      const last = i === parts.length - 1;
      const existing = this.children.get(id)?.get(name);
      if (existing !== undefined) {
        if (last) this.set(existing, info);
        else if (!(this.flags[existing]! & DIR)) {
          this.set(existing, { isDir: true, size: 0, modified: info.modified });
        }
        id = existing;
      } else {
        id = this.allocate(id, name, last ? info : { isDir: true, size: 0, modified: 0 });
      }
    }
    return id;
  }

  /** Removes `path` and everything below it. */
  remove(path: string): void {
    const id = this.find(path);
    if (id === undefined || id === ROOT) return;
    this.children.get(this.parent[id]!)?.delete(this.names[id] ?? "");
    this.release(id);
  }

  /** The names of a folder's indexed children. */
  childNames(path: string): string[] {
    const id = this.find(path);
    return id === undefined ? [] : [...(this.children.get(id)?.keys() ?? [])];
  }

  isAlive(id: number): boolean {
    return (this.flags[id]! & ALIVE) !== 0 && id !== ROOT;
  }
  isDir(id: number): boolean {
    return (this.flags[id]! & DIR) !== 0;
  }
  nameOf(id: number): string {
    return this.names[id] ?? "";
  }
  modifiedOf(id: number): number {
    return this.times[id] ?? 0;
  }
  sizeOf(id: number): number {
    return this.sizes[id] ?? 0;
  }
  parentOf(id: number): number {
    return this.parent[id] ?? ROOT;
  }

  /** True when `ancestor` is `id` or above it. */
  isUnder(id: number, ancestor: number): boolean {
    if (ancestor === ROOT) return true;
    for (let at = id; at !== ROOT; at = this.parent[at]!) if (at === ancestor) return true;
    return false;
  }

  /** The path of `id` below `ancestor` ("a/b.txt", no leading slash). */
  pathBelow(id: number, ancestor: number): string {
    const parts: string[] = [];
    for (let at = id; at !== ancestor && at !== ROOT; at = this.parent[at]!) {
      parts.push(this.names[at] ?? "");
    }
    return parts.reverse().join("/");
  }
}
