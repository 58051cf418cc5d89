/** Options of the `scriptorium` serve command (each also read from SCRIPTORIUM_<NAME>). */
export interface ServeOptions {
  root: string;
  /** A SQLite file, or a `postgres://` URL. */
  database: string;
  /**
   * The server's own folders (trash, versions, caches); undefined: beside the SQLite file, or
   * ./data with PostgreSQL.
   */
  data?: string;
  address: string;
  port: number;
  baseURL: string;
  noauth: boolean;
  /**
   * Without a working bubblewrap, run the shell, hooks and edition tools anyway, with no
   * sandbox (README, Security model). Off: they are refused with 503.
   */
  unsandboxedPrograms: boolean;
  /** Logins and sign-ups one address may send per minute (many users behind one proxy: raise). */
  loginLimit: number;
  /**
   * How long a graceful shutdown (SIGTERM, SIGINT) may take: running requests finish, then the
   * process exits; past it, the process exits anyway with status 1.
   */
  shutdownTimeoutMs: number;
  /** The bearer token `/metrics` requires; none: `/metrics` is off (404). */
  metricsToken?: string;
  /**
   * Addresses and networks of the proxies in front (e.g. 127.0.0.1, 10.0.0.0/8): a request
   * coming from one of them is taken to come from the client its X-Forwarded-For names.
   * Empty: the header is ignored, the client is the connection's address.
   */
  trustedProxies: string[];
}

export const SERVE_DEFAULTS: ServeOptions = {
  root: "./data/files",
  database: "./data/scriptorium.db",
  address: "127.0.0.1",
  port: 8080,
  baseURL: "",
  noauth: false,
  unsandboxedPrograms: false,
  loginLimit: 30,
  shutdownTimeoutMs: 30_000,
  trustedProxies: [],
};
