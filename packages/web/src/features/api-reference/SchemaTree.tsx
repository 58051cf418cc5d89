import { useTranslation } from "react-i18next";
import {
  childProperties,
  refName,
  typeLabel,
  type ApiDocument,
  type SchemaObject,
} from "./openapi-model";
import { RichText } from "./RichText";

/** How deep nested objects unfold before the tree stops. */
const MAX_DEPTH = 5;

function refOf(schema: SchemaObject): string | undefined {
  const ref = schema.$ref ?? schema.items?.$ref;
  return ref ? refName(ref) : undefined;
}

interface TreeProps {
  doc: ApiDocument;
  schema: SchemaObject;
  /** Component names already open above: a reference back to one of them is not unfolded. */
  open?: string[];
}

/** The properties of an object (or of an array's items) as a nested list. */
export function SchemaTree({ doc, schema, open = [] }: TreeProps) {
  const { t } = useTranslation();
  const properties = childProperties(doc, schema);
  if (properties.length === 0 || open.length >= MAX_DEPTH) return null;
  const here = refOf(schema);
  const path = here ? [...open, here] : [...open, ""];
  return (
    <ul className="schema-tree">
      {properties.map((property) => {
        const ref = refOf(property.schema);
        const unfold = !ref || !path.includes(ref);
        return (
          <li key={property.name}>
            <code className="schema-tree__name" dir="ltr">
              {property.name}
            </code>{" "}
            <span className="schema-tree__type" dir="ltr">
              {typeLabel(doc, property.schema)}
            </span>
            {property.required && (
              <span className="schema-tree__required">{t("apiReference.required")}</span>
            )}
            {property.schema.description && (
              <p className="schema-tree__description">
                <RichText text={property.schema.description} />
              </p>
            )}
            {unfold && <SchemaTree doc={doc} schema={property.schema} open={path} />}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * A body: its media type, its type (a component's name) and its properties; `folded` puts the
 * properties behind the type line (error bodies, which every route shares).
 */
export function BodySchema({
  doc,
  mediaType,
  schema,
  folded = false,
}: {
  doc: ApiDocument;
  mediaType: string;
  schema?: SchemaObject;
  folded?: boolean;
}) {
  const line = (
    <span className="api-body__type" dir="ltr">
      <code>{mediaType}</code>
      {schema && <span className="schema-tree__type">{typeLabel(doc, schema)}</span>}
    </span>
  );
  const tree = schema ? <SchemaTree doc={doc} schema={schema} /> : null;
  if (folded && tree) {
    return (
      <details className="api-body">
        <summary>{line}</summary>
        {tree}
      </details>
    );
  }
  return (
    <div className="api-body">
      {line}
      {tree}
    </div>
  );
}
