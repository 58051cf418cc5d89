import type { ParseKeys } from "i18next";
import { useTranslation } from "react-i18next";
import type { ShellRefusalCode } from "@scriptorium/shared";
import { useAuthStore } from "../../state/auth-store";
import type { ShellEntry } from "../../state/shell-store";

/** Who can lift each rule: an administrator (and where), or no one. */
const WHO: Record<ShellRefusalCode, ParseKeys> = {
  "not-in-commands": "shell.refusal.who.commands",
  "full-shell": "shell.refusal.who.commands",
  "exec-option": "shell.refusal.who.commands",
  "not-installed": "shell.refusal.who.install",
  expansion: "shell.refusal.who.shell",
  syntax: "shell.refusal.who.nobody",
  "program-path": "shell.refusal.who.nobody",
  argument: "shell.refusal.who.nobody",
  outside: "shell.refusal.who.nobody",
};

/** The program a line starts with, its quotes taken off (as the server reads the first word). */
export function firstWord(line: string): string {
  const match = /^\s*(?:"([^"]*)"|'([^']*)'|(\S+))/.exec(line);
  return match?.[1] ?? match?.[2] ?? match?.[3]?.replace(/\\(.)/g, "$1") ?? "";
}

/**
 * A refused line, said in the user's language from the rule the server named (issue 31): which
 * rule refused it, and who can change that.
 */
export function ShellRefusal({
  entry,
  refusal,
}: {
  entry: ShellEntry;
  refusal: NonNullable<ShellEntry["refusal"]>;
}) {
  const { t } = useTranslation();
  const user = useAuthStore((state) => state.user?.username ?? "");
  const typed = firstWord(entry.command);
  const program = refusal.code === "not-installed" && refusal.detail ? refusal.detail : typed;
  return (
    <div className="shell__refusal" data-testid="shell-refusal" data-code={refusal.code}>
      <p className="shell__refusal-rule">
        {t(`shell.refusal.${refusal.code}`, { program, path: refusal.detail })}
      </p>
      <p className="shell__refusal-who">{t(WHO[refusal.code], { user })}</p>
    </div>
  );
}
