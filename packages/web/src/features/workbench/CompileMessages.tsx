import { useTranslation } from "react-i18next";
import { DiagnosticList } from "../../components/DiagnosticList";
import { useCompileMessages } from "./use-file-diagnostics";

/**
 * Under the editor: the messages of the last compile, each a link to its file and line (a
 * style file's error opens the style file), those outside the user's files as plain text.
 * Nothing when there are none.
 */
export function CompileMessages({ path }: { path: string }) {
  const { t } = useTranslation();
  const messages = useCompileMessages(path);
  if (messages.length === 0) return null;
  const errors = messages.filter((d) => d.severity === "error").length;
  return (
    <details className="workbench__messages" open data-testid="workbench-messages">
      <summary>
        {t("editionTools.log.summary", { errors, warnings: messages.length - errors })}
      </summary>
      <DiagnosticList
        diagnostics={messages}
        label={t("editionTools.log.lastCompile")}
        testId="workbench-diagnostic"
      />
    </details>
  );
}
