/** The binaries' folder of the newest PostgreSQL installed, if any. */
export function postgresBin(): string | undefined;
/** Makes (if missing) and starts the cluster in `dir`; resolves to its URL. */
export function startCluster(dir: string): Promise<string>;
/** Stops the cluster in `dir`, if it runs. */
export function stopCluster(dir: string): void;
