import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../api/errors";
import { fetchToolHelp } from "../../api/tools-api";
import { NotInstalled } from "../../components/NotInstalled";
import { toolState, useToolStatesView, availabilityOf } from "../../state/tool-states";

/**
 * A tool's own help (`<tool> -h`, from the server), as the tool prints it; "not installed" (and
 * no request) when its program is missing.
 */
export function ToolHelp({ tool }: { tool: string }) {
  const { t } = useTranslation();
  const states = useToolStatesView();
  const missing = availabilityOf(states, tool) === "missing";
  const help = useQuery({
    queryKey: ["toolHelp", tool],
    queryFn: ({ signal }) => fetchToolHelp(tool, signal),
    staleTime: Infinity,
    retry: false,
    enabled: !missing,
  });
  if (missing) return <NotInstalled tool={tool} steps={toolState(states, tool)?.missing} />;
  if (help.isPending) {
    return (
      <p className="muted" role="status">
        {t("editionTools.prompt.loadingHelp")}
      </p>
    );
  }
  if (help.isError) {
    return (
      <p className="tool-prompt__error" role="alert">
        {errorMessage(help.error)}
      </p>
    );
  }
  return (
    <pre className="tool-help" dir="ltr" data-testid="tool-help">
      {help.data}
    </pre>
  );
}
