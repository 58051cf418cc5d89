import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "./Icon";

interface ListQueryViewProps<T> {
  query: UseQueryResult<readonly T[]>;
  /** Said (with an alert icon, as an alert) when the list cannot be loaded. */
  error: { text: string; className: string; testId: string };
  /** Said when the list has nothing in it. */
  empty: { text: string; testId: string };
  /** The list itself, when it has something. */
  children: (items: readonly T[]) => ReactNode;
}

/** A card's body for a loaded list: loading, the failure, the empty state, or the list. */
export function ListQueryView<T>({ query, error, empty, children }: ListQueryViewProps<T>) {
  const { t } = useTranslation();
  if (query.isPending) return <p className="card__body muted">{t("files.loading")}</p>;
  if (query.isError) {
    return (
      <p className={`card__body ${error.className}`} role="alert" data-testid={error.testId}>
        <Icon name="alert" size={20} /> {error.text}
      </p>
    );
  }
  if (query.data.length === 0) {
    return (
      <p className="card__body muted" data-testid={empty.testId}>
        {empty.text}
      </p>
    );
  }
  return children(query.data);
}
