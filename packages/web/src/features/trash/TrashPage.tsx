import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/Button";
import { ListQueryView } from "../../components/ListQueryView";
import { TRASH_KEY, fetchTrash, filterTrash } from "../../api/trash-api";
import { TrashTable } from "./TrashTable";
import { useTrashActions } from "./use-trash-actions";
import "./trash-page.css";

/**
 * /trash (issue 29): the caller's deleted items, newest first, with a filter by name or folder,
 * restore and delete for ever on each, and "Empty trash".
 */
export function TrashPage() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState("");
  const query = useQuery({
    queryKey: TRASH_KEY,
    queryFn: ({ signal }) => fetchTrash(signal),
    retry: false,
  });
  const { restore, deleteForever, empty } = useTrashActions();

  const hasItems = query.isSuccess && query.data.length > 0;
  return (
    <section className="card trash-page" data-testid="trash-page">
      <div className="trash-page__head">
        <h1 className="card__title" data-testid="page-heading">
          {t("trash.title")}
        </h1>
        {hasItems && (
          <Button tone="danger" testId="trash-empty-all" onClick={empty}>
            {t("trash.empty")}
          </Button>
        )}
      </div>
      {hasItems && (
        <div className="trash-page__filter">
          <input
            type="search"
            className="input"
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
            placeholder={t("trash.filter")}
            aria-label={t("trash.filter")}
            data-testid="trash-filter"
          />
        </div>
      )}
      <ListQueryView
        query={query}
        error={{ text: t("trash.loadError"), className: "trash-error", testId: "trash-error" }}
        empty={{ text: t("trash.emptyState"), testId: "trash-empty" }}
      >
        {(items) => {
          const shown = filterTrash(items, filter);
          return shown.length === 0 ? (
            <p className="card__body muted" data-testid="trash-no-match">
              {t("trash.noMatch")}
            </p>
          ) : (
            <TrashTable items={shown} onRestore={restore} onDeleteForever={deleteForever} />
          );
        }}
      </ListQueryView>
    </section>
  );
}
