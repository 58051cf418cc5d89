import { constants, type BigIntStats } from "node:fs";

// Go's os.FileMode bits, which File Browser sends as `mode` (API.md §2.2).
const GO_DIR = 2 ** 31;
const GO_SYMLINK = 2 ** 27;
const GO_DEVICE = 2 ** 26;
const GO_NAMED_PIPE = 2 ** 25;
const GO_SOCKET = 2 ** 24;
const GO_SETUID = 2 ** 23;
const GO_SETGID = 2 ** 22;
const GO_CHAR_DEVICE = 2 ** 21;
const GO_STICKY = 2 ** 20;

/** Converts a Unix st_mode to Go FileMode bits (plain arithmetic: they exceed 31 bits). */
export function goFileMode(stMode: number): number {
  let mode = stMode & 0o777;
  const type = stMode & constants.S_IFMT;
  if (type === constants.S_IFDIR) mode += GO_DIR;
  else if (type === constants.S_IFLNK) mode += GO_SYMLINK;
  else if (type === constants.S_IFIFO) mode += GO_NAMED_PIPE;
  else if (type === constants.S_IFSOCK) mode += GO_SOCKET;
  else if (type === constants.S_IFCHR) mode += GO_DEVICE + GO_CHAR_DEVICE;
  else if (type === constants.S_IFBLK) mode += GO_DEVICE;
  if (stMode & 0o4000) mode += GO_SETUID;
  if (stMode & 0o2000) mode += GO_SETGID;
  if (stMode & 0o1000) mode += GO_STICKY;
  return mode;
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/**
 * RFC 3339 with nanoseconds in the server's time zone, trailing zeros of the fraction dropped
 * and "Z" for UTC, as Go's time.RFC3339Nano prints it.
 */
export function formatModified(mtimeNs: bigint): string {
  const ms = Number(mtimeNs / 1_000_000n);
  const nanos = Number(((mtimeNs % 1_000_000_000n) + 1_000_000_000n) % 1_000_000_000n);
  const d = new Date(ms);
  const offsetMin = -d.getTimezoneOffset();
  const date = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  const time = `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
  const fraction = nanos === 0 ? "" : "." + String(nanos).padStart(9, "0").replace(/0+$/, "");
  const sign = offsetMin >= 0 ? "+" : "-";
  const abs = Math.abs(offsetMin);
  const zone = offsetMin === 0 ? "Z" : `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
  return `${date}T${time}${fraction}${zone}`;
}

export function isFifo(st: BigIntStats): boolean {
  return st.isFIFO();
}
