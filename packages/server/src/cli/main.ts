import { StartupError } from "../server.js";
import { UsageError } from "./args.js";
import { configCommand } from "./config-cmd.js";
import { serveCommand } from "./serve.js";
import { usersCommand } from "./users-cmd.js";
import { VERSION } from "../version.js";

/** Runs the `scriptorium` command; resolves with the exit code (undefined while serving). */
export async function main(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
): Promise<number | undefined> {
  const out = (text: string) => process.stdout.write(text + "\n");
  // Databases, their WAL files and folders the command creates are private to its user.
  process.umask(0o077);
  try {
    const [first, ...rest] = argv;
    if (first === "config") await configCommand(rest, env, out);
    else if (first === "users") await usersCommand(rest, env, out);
    else if (first === "version") out(`scriptorium ${VERSION}`);
    else {
      await serveCommand(argv, env);
      return undefined;
    }
    return 0;
  } catch (err) {
    if (err instanceof UsageError) {
      process.stderr.write(`scriptorium: ${err.message}\n`);
      return 2;
    }
    if (err instanceof StartupError) {
      process.stderr.write(`scriptorium: ${err.message}\n`);
      return err.exitCode;
    }
    process.stderr.write(`scriptorium: ${(err as Error).stack ?? String(err)}\n`);
    return 1;
  }
}
