import { useTranslation } from "react-i18next";
import { Icon } from "../../components/Icon";
import { isolatePath } from "../../lib/paths";
import type { SearchState } from "./use-search";

interface SearchStatusProps {
  folder: string;
  search: SearchState;
}

/**
 * The line above the results: how far the server's index is while it is being built, the
 * server's message when a search fails, and otherwise where the search runs and what it found.
 */
export function SearchStatus({ folder, search }: SearchStatusProps) {
  const { t, i18n } = useTranslation();
  const { status, results, index, error } = search;
  const where = t("search.where", { folder: isolatePath(folder) });
  let summary = where;
  if (status === "loading") summary = t("search.searching");
  else if (status === "done" && results.length === 0) summary = t("search.noResults");
  else if (status === "done")
    summary = `${where} · ${t("search.count", { count: results.length })}`;

  return (
    <div className="search__status">
      {index?.state === "building" && (
        <p className="search__indexing" data-testid="search-indexing" role="status">
          {t("search.indexing", { count: index.indexed.toLocaleString(i18n.language) })}
        </p>
      )}
      {error ? (
        <p className="search__error" data-testid="search-error" role="alert">
          <Icon name="alert" size={18} />
          <span>{error.unavailable ? t("search.fullTextUnavailable") : error.message}</span>
        </p>
      ) : (
        <p className="search__summary" data-testid="search-summary" aria-live="polite">
          {summary}
        </p>
      )}
    </div>
  );
}
