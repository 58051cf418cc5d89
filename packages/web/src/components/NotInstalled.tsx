import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useUser } from "../state/auth-store";
import { Notice } from "./Notice";

/**
 * Where a tool is named but its program is missing on the server (issue 30): "not installed",
 * how it gets installed (the README's "Edition tools": the compilers are built from their public
 * project and put in a tool folder), and for an admin the settings that show each tool's state.
 */
export function NotInstalled({ tool, steps }: { tool: string; steps?: readonly string[] }) {
  const { t } = useTranslation();
  const admin = useUser()?.perm.admin ?? false;
  return (
    <Notice tone="warning" testId="tool-not-installed">
      <span>
        {steps && steps.length > 0
          ? t("editionTools.notInstalled.steps", { tool, steps: steps.join(", ") })
          : t("editionTools.notInstalled.title", { tool })}{" "}
        {t("editionTools.notInstalled.how")}{" "}
        {admin ? (
          <Link to="/settings/global/tools" data-testid="tool-not-installed-settings">
            {t("editionTools.notInstalled.settings")}
          </Link>
        ) : (
          t("editionTools.notInstalled.askAdmin")
        )}
      </span>
    </Notice>
  );
}
