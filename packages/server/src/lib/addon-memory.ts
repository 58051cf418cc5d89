/**
 * The napi-rs addons the server loads at first use (Argon2 at the first login, CRC-32 and snappy
 * with the first snappy archive) each bring their own copy of the mimalloc allocator. By default
 * mimalloc commits a thread's first segment eagerly and, on this kernel, that memory became one
 * 2 MiB huge page that stayed resident for the life of the process: the idle server was 2 MiB
 * larger after one login. Committing on demand keeps only the pages in use (0.7 MiB after the
 * Argon2 binding loads and checks a password), and a password check takes as long (6–7 ms).
 * mimalloc reads its options from the C environment when the addon is loaded, and Node's
 * `process.env` writes to it, so this must run before the first such load. A value the
 * administrator set is kept.
 */
export function commitAddonMemoryOnDemand(env: NodeJS.ProcessEnv = process.env): void {
  env.MIMALLOC_EAGER_COMMIT ??= "0";
}
