import { useTranslation } from "react-i18next";
import {
  operationId,
  typeLabel,
  type ApiDocument,
  type AuthMode,
  type OperationEntry,
} from "./openapi-model";
import { RichText } from "./RichText";
import { BodySchema } from "./SchemaTree";

function AuthBadge({ mode }: { mode: AuthMode }) {
  const { t } = useTranslation();
  return (
    <span className={`api-auth api-auth--${mode}`} title={t("apiReference.authLabel")}>
      {t(`apiReference.auth.${mode}`)}
    </span>
  );
}

function Parameters({ doc, entry }: { doc: ApiDocument; entry: OperationEntry }) {
  const { t } = useTranslation();
  const parameters = entry.operation.parameters ?? [];
  if (parameters.length === 0) return <p className="muted">{t("apiReference.none")}</p>;
  return (
    <div className="api-table-wrap">
      <table className="api-table">
        <thead>
          <tr>
            <th>{t("apiReference.name")}</th>
            <th>{t("apiReference.location")}</th>
            <th>{t("apiReference.type")}</th>
            <th>{t("apiReference.description")}</th>
          </tr>
        </thead>
        <tbody>
          {parameters.map((parameter) => (
            <tr key={`${parameter.in}:${parameter.name}`}>
              <td dir="ltr">
                <code>{parameter.name}</code>
                {parameter.required && (
                  <span className="schema-tree__required">{t("apiReference.required")}</span>
                )}
              </td>
              <td dir="ltr">{parameter.in}</td>
              <td dir="ltr">{parameter.schema ? typeLabel(doc, parameter.schema) : ""}</td>
              <td>{parameter.description && <RichText text={parameter.description} />}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Responses({ doc, entry }: { doc: ApiDocument; entry: OperationEntry }) {
  const { t } = useTranslation();
  return (
    <div className="api-table-wrap">
      <table className="api-table">
        <thead>
          <tr>
            <th>{t("apiReference.status")}</th>
            <th>{t("apiReference.description")}</th>
          </tr>
        </thead>
        <tbody>
          {Object.entries(entry.operation.responses).map(([status, response]) => (
            <tr key={status}>
              <td>
                <code className={`api-status api-status--${status.charAt(0)}xx`}>{status}</code>
              </td>
              <td>
                <RichText text={response.description} />
                {response.headers && (
                  <ul className="api-headers" aria-label={t("apiReference.headers")}>
                    {Object.entries(response.headers).map(([name, header]) => (
                      <li key={name}>
                        <code dir="ltr">{name}</code>{" "}
                        {header.description && <RichText text={header.description} />}
                      </li>
                    ))}
                  </ul>
                )}
                {Object.entries(response.content ?? {}).map(([mediaType, media]) => (
                  <BodySchema
                    key={mediaType}
                    doc={doc}
                    mediaType={mediaType}
                    schema={media.schema}
                    folded={!status.startsWith("2")}
                  />
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One route: the line with method, path, summary and auth mode opens its details. */
export function OperationCard({ doc, entry }: { doc: ApiDocument; entry: OperationEntry }) {
  const { t } = useTranslation();
  const { operation } = entry;
  const id = operationId(entry);
  const body = operation.requestBody;
  return (
    <details className="api-op" id={`op-${id}`} data-testid={`api-op-${id}`}>
      <summary className="api-op__line">
        <span className="api-op__route" dir="ltr">
          <span className={`api-method api-method--${entry.method.toLowerCase()}`}>
            {entry.method}
          </span>{" "}
          <code className="api-op__path">{entry.path}</code>
        </span>
        <span className="api-op__summary" lang="en">
          {operation.summary}
        </span>
        <AuthBadge mode={operation["x-auth"] ?? "none"} />
      </summary>
      <div className="api-op__body">
        {operation.description && (
          <p>
            <RichText text={operation.description} />
          </p>
        )}
        <h4>{t("apiReference.parameters")}</h4>
        <Parameters doc={doc} entry={entry} />
        {body && (
          <>
            <h4>{t("apiReference.requestBody")}</h4>
            {Object.entries(body.content).map(([mediaType, media]) => (
              <BodySchema key={mediaType} doc={doc} mediaType={mediaType} schema={media.schema} />
            ))}
          </>
        )}
        <h4>{t("apiReference.responses")}</h4>
        <Responses doc={doc} entry={entry} />
      </div>
    </details>
  );
}
