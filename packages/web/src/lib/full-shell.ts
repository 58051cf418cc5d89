import { execEntryOf, shellEntries } from "@scriptorium/shared";

/*
 * What an allow-list gives (issue 27; the lists are shared with the server, which checks typed
 * lines against them): a program that runs other programs runs only through its `name:exec`
 * entry, which gives whoever has it a full shell on the server; find, sed, tar, sort and split run
 * under their plain name without the options that start programs.
 */

/** The `name:exec` entries of an allow-list that give a full shell, in the order given. */
export function fullShellPrograms(commands: readonly string[]): string[] {
  return shellEntries(commands).fullShell;
}

/**
 * The plain entries of programs that always run other programs (`bash`, `python3`, `xargs`),
 * which allow nothing until written `name:exec`.
 */
export function entriesNeedingExec(commands: readonly string[]): string[] {
  return shellEntries(commands).needsExec;
}

/** The entry an admin writes to allow `program` on purpose. */
export const execEntry = (program: string) => execEntryOf(program.trim());
