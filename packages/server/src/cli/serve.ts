import { isIP } from "node:net";
import { Type, type Static } from "typebox";
import { parseDuration } from "@scriptorium/shared";
import { SERVE_DEFAULTS, type ServeOptions } from "../config.js";
import { Flag, HELP_FLAG } from "./args.js";
import { DATABASE_FLAG } from "./flags.js";

/** Flags of the server itself (`scriptorium [flags]`). */
export const ServeFlags = Type.Object({
  root: Flag.string({
    short: "r",
    env: "SCRIPTORIUM_ROOT",
    arg: "DIR",
    description: "folder served (default ./data/files)",
  }),
  ...DATABASE_FLAG,
  data: Flag.string({
    env: "SCRIPTORIUM_DATA",
    arg: "DIR",
    description:
      "the server's own folders: trash, versions, caches (default: beside the SQLite file; " +
      "./data with PostgreSQL; several instances share one)",
  }),
  address: Flag.string({
    short: "a",
    env: "SCRIPTORIUM_ADDRESS",
    arg: "ADDRESS",
    description: "address to listen on (default 127.0.0.1)",
  }),
  port: Flag.integer(
    {
      short: "p",
      env: "SCRIPTORIUM_PORT",
      arg: "PORT",
      description: "port to listen on (default 8080)",
    },
    { minimum: 1, maximum: 65535 },
  ),
  baseurl: Flag.checked(
    {
      short: "b",
      env: "SCRIPTORIUM_BASEURL",
      arg: "PATH",
      description: "URL prefix, e.g. /files (default none)",
    },
    (text) => !/[?#\s]/.test(text),
    () => "must be a plain path such as /files",
  ),
  noauth: Flag.boolean({
    env: "SCRIPTORIUM_NOAUTH",
    description: "no login: everyone is the first user",
  }),
  "unsandboxed-programs": Flag.boolean({
    env: "SCRIPTORIUM_UNSANDBOXED_PROGRAMS",
    description:
      "without a working bubblewrap, run the shell, hooks and edition tools with no sandbox: " +
      "each can read and change all that the server's user can (default: they are off)",
  }),
  "login-limit": Flag.integer(
    {
      env: "SCRIPTORIUM_LOGIN_LIMIT",
      arg: "N",
      description: "logins and sign-ups one address may send per minute (default 30)",
    },
    { minimum: 1, maximum: 100000 },
  ),
  "shutdown-timeout": Flag.checked(
    {
      env: "SCRIPTORIUM_SHUTDOWN_TIMEOUT",
      arg: "DURATION",
      description:
        "on SIGTERM or SIGINT, how long running requests may take to finish before the " +
        "server exits anyway, with status 1 (default 30s)",
    },
    (text) => parseDuration(text) !== undefined,
    () => "expects a duration such as 30s or 2m",
  ),
  "metrics-token": Flag.checked(
    {
      env: "SCRIPTORIUM_METRICS_TOKEN",
      arg: "TOKEN",
      description:
        "serve Prometheus metrics at /metrics to requests with Authorization: Bearer TOKEN " +
        "(at least 16 characters; better in the variable, which no process list shows; " +
        "default: off)",
    },
    (text) => /^[\x21-\x7e]{16,}$/.test(text),
    () => "must be at least 16 printable characters, no spaces",
  ),
  "trusted-proxies": Flag.checked(
    {
      env: "SCRIPTORIUM_TRUSTED_PROXIES",
      arg: "LIST",
      description:
        "addresses or networks of the proxies in front, comma-separated (e.g. 127.0.0.1 or " +
        "10.0.0.0/8): requests from them count as coming from the client their " +
        "X-Forwarded-For names, for the per-address limits and the logs (default: none)",
    },
    (text) => proxyList(text) !== undefined,
    () => "expects addresses or networks such as 127.0.0.1,10.0.0.0/8",
  ),
  ...HELP_FLAG,
});

/** The addresses and networks of a comma-separated list; undefined if one is neither. */
export function proxyList(text: string): string[] | undefined {
  const items = text
    .split(",")
    .map((item) => item.trim())
    .filter((item) => item !== "");
  if (items.length === 0) return undefined;
  for (const item of items) {
    const [address = "", bits, extra] = item.split("/");
    const family = isIP(address);
    if (family === 0 || extra !== undefined) return undefined;
    if (bits !== undefined) {
      const max = family === 4 ? 32 : 128;
      if (!/^\d{1,3}$/.test(bits) || Number(bits) > max) return undefined;
    }
  }
  return items;
}

/** The serve options from checked flags and SCRIPTORIUM_* variables, defaults filled in. */
export function serveOptions(values: Static<typeof ServeFlags>): ServeOptions {
  let baseURL = (values.baseurl ?? SERVE_DEFAULTS.baseURL).replace(/\/+$/, "");
  if (baseURL !== "" && !baseURL.startsWith("/")) baseURL = "/" + baseURL;
  return {
    root: values.root ?? SERVE_DEFAULTS.root,
    database: values.database ?? SERVE_DEFAULTS.database,
    ...(values.data !== undefined && { data: values.data }),
    address: values.address ?? SERVE_DEFAULTS.address,
    port: values.port ?? SERVE_DEFAULTS.port,
    baseURL,
    noauth: values.noauth ?? SERVE_DEFAULTS.noauth,
    unsandboxedPrograms: values["unsandboxed-programs"] ?? SERVE_DEFAULTS.unsandboxedPrograms,
    loginLimit: values["login-limit"] ?? SERVE_DEFAULTS.loginLimit,
    shutdownTimeoutMs:
      parseDuration(values["shutdown-timeout"] ?? "") ?? SERVE_DEFAULTS.shutdownTimeoutMs,
    ...(values["metrics-token"] !== undefined && { metricsToken: values["metrics-token"] }),
    trustedProxies:
      values["trusted-proxies"] === undefined
        ? SERVE_DEFAULTS.trustedProxies
        : (proxyList(values["trusted-proxies"]) ?? []),
  };
}
