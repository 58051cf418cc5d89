import { routes } from "@scriptorium/shared";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { apiUrl } from "../../api/client";
import { Icon } from "../../components/Icon";
import { fetchApiDocument } from "./api-reference-api";
import { groupByTag, operationId } from "./openapi-model";
import { OperationCard } from "./OperationCard";
import { RichText } from "./RichText";
import "./api-reference.css";

/**
 * /api-reference: every route of the server's OpenAPI document, by group, rendered here from
 * the JSON (nothing is loaded from another host).
 */
export function ApiReferencePage() {
  const { t } = useTranslation();
  const query = useQuery({ queryKey: ["openapi"], queryFn: fetchApiDocument, retry: false });

  if (query.isPending) return <p className="muted">{t("files.loading")}</p>;
  if (query.isError) {
    return (
      <section className="page-message card" role="alert" data-testid="api-reference-error">
        <Icon name="alert" size={40} />
        <p>{t("apiReference.loadError")}</p>
      </section>
    );
  }

  const doc = query.data;
  const groups = groupByTag(doc);
  return (
    <div className="api-ref" data-testid="api-reference">
      <header className="api-ref__head">
        <h1>{t("apiReference.title")}</h1>
        <p className="muted" dir="ltr">
          {doc.info.title} {doc.info.version} · OpenAPI {doc.openapi}
        </p>
        <p>{t("apiReference.intro")}</p>
        {doc.info.description?.split("\n\n").map((paragraph) => (
          <p key={paragraph} className="api-ref__description" lang="en">
            <RichText text={paragraph} />
          </p>
        ))}
        <a href={apiUrl(routes.openapi.url)} target="_blank" rel="noreferrer">
          {t("apiReference.document")}
        </a>
      </header>
      <nav className="api-ref__nav" aria-label={t("apiReference.groups")}>
        {groups.map((group) => (
          <a key={group.name} href={`#tag-${group.name}`} dir="ltr">
            {group.name} <span className="muted">{group.operations.length}</span>
          </a>
        ))}
      </nav>
      {groups.map((group) => (
        <section
          key={group.name}
          id={`tag-${group.name}`}
          className="api-ref__group"
          data-testid={`api-group-${group.name}`}
        >
          <h2 dir="ltr">{group.name}</h2>
          {group.description && (
            <p className="muted" lang="en">
              {group.description}
            </p>
          )}
          {group.operations.map((entry) => (
            <OperationCard key={operationId(entry)} doc={doc} entry={entry} />
          ))}
        </section>
      ))}
    </div>
  );
}
