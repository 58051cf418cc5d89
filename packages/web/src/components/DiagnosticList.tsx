import type { Diagnostic } from "@scriptorium/shared";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { encodePath, baseName } from "../lib/paths";
import { Icon } from "./Icon";
import "./diagnostics.css";

/** The editor's url of a diagnostic's place: the file, with the line to jump to. */
export function diagnosticUrl(diagnostic: Pick<Diagnostic, "file" | "line">): string {
  return `/files${encodePath(diagnostic.file)}?line=${diagnostic.line}`;
}

interface Props {
  diagnostics: readonly Diagnostic[];
  /** The list's accessible name. */
  label: string;
  /** `data-testid` of each entry (a link, or the text of an `outside` one); the list's is `…s`. */
  testId: string;
}

/**
 * A compile's messages, each `name:line: message`: a link into the editor at its line (in the
 * file it belongs to: the source, a style, the `.m.tex`), or plain text for a file outside the
 * user's files (a support folder's style, TeX Live's), which has nowhere to go.
 */
export function DiagnosticList({ diagnostics, label, testId }: Props) {
  const { t } = useTranslation();
  return (
    <ul className="diagnostics" aria-label={label} data-testid={`${testId}s`}>
      {diagnostics.map((d, i) => {
        const text = `${d.outside ? d.file : baseName(d.file)}:${d.line}: ${d.message}`;
        return (
          <li
            key={`${i}:${d.file}:${d.line}:${d.message}`}
            className={`diagnostic diagnostic--${d.severity}`}
            data-severity={d.severity}
          >
            <Icon
              name={d.severity === "error" ? "alert" : "info"}
              size={16}
              label={t(`editionTools.log.${d.severity}`)}
            />
            {d.step && <span className="diagnostic__step">{d.step}</span>}
            {d.outside ? (
              <span
                dir="ltr"
                title={t("editionTools.log.outside")}
                data-testid={testId}
                data-outside="true"
              >
                {text}
              </span>
            ) : (
              <Link to={diagnosticUrl(d)} dir="ltr" title={d.file} data-testid={testId}>
                {text}
              </Link>
            )}
          </li>
        );
      })}
    </ul>
  );
}
