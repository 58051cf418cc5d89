import { SERVE_DEFAULTS, type ServeOptions } from "../config.js";
import { startServer } from "../server.js";
import { helpText, parseFlags, UsageError, type FlagSpec } from "./args.js";

export const SERVE_FLAGS: FlagSpec[] = [
  {
    name: "root",
    short: "r",
    type: "string",
    env: "SCRIPTORIUM_ROOT",
    description: "folder served (default ./data/files)",
  },
  {
    name: "database",
    short: "d",
    type: "string",
    env: "SCRIPTORIUM_DATABASE",
    description: "database file (default ./data/scriptorium.db)",
  },
  {
    name: "address",
    short: "a",
    type: "string",
    env: "SCRIPTORIUM_ADDRESS",
    description: "address to listen on (default 127.0.0.1)",
  },
  {
    name: "port",
    short: "p",
    type: "int",
    env: "SCRIPTORIUM_PORT",
    description: "port to listen on (default 8080)",
  },
  {
    name: "baseurl",
    short: "b",
    type: "string",
    env: "SCRIPTORIUM_BASEURL",
    description: "URL prefix, e.g. /files (default none)",
  },
  {
    name: "noauth",
    type: "boolean",
    env: "SCRIPTORIUM_NOAUTH",
    description: "no login: everyone is the first user",
  },
  { name: "help", short: "h", type: "boolean", description: "show this help" },
];

export const SERVE_USAGE =
  "scriptorium [-r ROOT] [-d DATABASE] [-a ADDRESS] [-p PORT] [-b BASEURL] [--noauth]\n" +
  "       scriptorium config init|cat|set|export|import …\n" +
  "       scriptorium users add|ls|find|update|rm …";

/** Reads and checks the serve options from flags and SCRIPTORIUM_* variables. */
export function serveOptions(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
): ServeOptions | "help" {
  const { values, positionals } = parseFlags(argv, SERVE_FLAGS, env);
  if (values.help) return "help";
  if (positionals.length > 0) throw new UsageError(`unknown command "${positionals[0]}"`);
  const port = (values.port as number | undefined) ?? SERVE_DEFAULTS.port;
  if (port < 1 || port > 65535)
    throw new UsageError(`flag --port must be between 1 and 65535, got ${port}`);
  let baseURL = (values.baseurl as string | undefined) ?? SERVE_DEFAULTS.baseURL;
  baseURL = baseURL.replace(/\/+$/, "");
  if (baseURL !== "" && !baseURL.startsWith("/")) baseURL = "/" + baseURL;
  if (/[?#\s]/.test(baseURL))
    throw new UsageError(`flag --baseurl must be a plain path, got "${baseURL}"`);
  return {
    root: (values.root as string | undefined) ?? SERVE_DEFAULTS.root,
    database: (values.database as string | undefined) ?? SERVE_DEFAULTS.database,
    address: (values.address as string | undefined) ?? SERVE_DEFAULTS.address,
    port,
    baseURL,
    noauth: (values.noauth as boolean | undefined) ?? false,
  };
}

export async function serveCommand(argv: readonly string[], env: NodeJS.ProcessEnv): Promise<void> {
  const options = serveOptions(argv, env);
  if (options === "help") {
    process.stdout.write(helpText(SERVE_USAGE, SERVE_FLAGS) + "\n");
    return;
  }
  await startServer(options);
}
