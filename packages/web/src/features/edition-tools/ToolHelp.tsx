import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../api/errors";
import { fetchToolHelp } from "../../api/tools-api";

/** A tool's own help (`<tool> -h`, from the server), as the tool prints it. */
export function ToolHelp({ tool }: { tool: string }) {
  const { t } = useTranslation();
  const help = useQuery({
    queryKey: ["toolHelp", tool],
    queryFn: ({ signal }) => fetchToolHelp(tool, signal),
    staleTime: Infinity,
    retry: false,
  });
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
