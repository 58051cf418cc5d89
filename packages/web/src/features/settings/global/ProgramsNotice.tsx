import type { ProgramsState } from "@scriptorium/shared";
import { useTranslation } from "react-i18next";

/**
 * How this server runs programs (the shell, command hooks, edition tools; issue 27), as GET
 * /api/settings tells the admin: in bubblewrap; off, and why; or without a sandbox, because the
 * server was started with --unsandboxed-programs (which the browser cannot change). Off, it also
 * says what turns them on: bubblewrap installed, then a restart (the server probes it at start).
 */
export function ProgramsNotice({ programs }: { programs: ProgramsState | undefined }) {
  const { t } = useTranslation();
  if (!programs) return null;
  if (programs.mode === "sandboxed") {
    return (
      <p className="muted" data-testid="global-programs" data-mode="sandboxed">
        {t("globalSettings.programs.sandboxed")}
      </p>
    );
  }
  const reason = programs.reason ?? "";
  return (
    <p className="notice" role="status" data-testid="global-programs" data-mode={programs.mode}>
      {programs.mode === "off"
        ? `${t("globalSettings.programs.off", { reason })} ${t("globalSettings.programs.offFix")}`
        : t("globalSettings.programs.unsandboxed", { reason })}
    </p>
  );
}
