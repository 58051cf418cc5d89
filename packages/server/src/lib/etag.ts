/**
 * The ETag of a file or folder, as File Browser sends it: hex mtime in nanoseconds, then hex size.
 * The API's writes and WebDAV give the same one.
 */
export function etagOfStats(stats: { mtimeNs: bigint; size: bigint }): string {
  return `"${stats.mtimeNs.toString(16)}${stats.size.toString(16)}"`;
}
