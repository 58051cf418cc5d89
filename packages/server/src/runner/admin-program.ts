import { execFile } from "node:child_process";

/** What an administration program printed, and how it ended. */
export interface AdminRunOutcome {
  exitCode: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs one of the server's own administration programs (`pg_dump`, `pg_restore` for
 * `scriptorium backup` and `restore`), started by the admin from the command line: argv only,
 * never a shell string, no sandbox (they reach the database server and the backup folder the
 * admin named), with a time limit. Never for anything a request names: that is `runner.ts`.
 */
export function runAdminProgram(
  executable: string,
  args: readonly string[],
  how: { env?: Readonly<Record<string, string>>; timeoutMs: number },
): Promise<AdminRunOutcome> {
  return new Promise((resolve, reject) => {
    execFile(
      executable,
      [...args],
      {
        env: { PATH: process.env.PATH ?? "/usr/bin:/bin", LANG: "C.UTF-8", ...how.env },
        timeout: how.timeoutMs,
        killSignal: "SIGKILL",
        maxBuffer: 16 * 1024 * 1024,
        encoding: "utf8",
      },
      (error, stdout, stderr) => {
        // Not started at all (no such program, no permission): no exit code to tell.
        if (error && typeof error.code !== "number" && !error.killed) {
          reject(new Error(`${executable} could not be started: ${error.message}`));
          return;
        }
        resolve({
          exitCode: error ? (error.killed ? null : Number(error.code)) : 0,
          stdout,
          stderr,
        });
      },
    );
  });
}
