import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { Button } from "../../components/Button";
import { ListQueryView } from "../../components/ListQueryView";
import { fetchTrash, filterTrash, trashKey } from "../../api/trash-api";
import { useAuthStore } from "../../state/auth-store";
import { TrashOwnerPicker, useUsername } from "./TrashOwnerPicker";
import { TrashTable } from "./TrashTable";
import { useTrashActions } from "./use-trash-actions";
import "./trash-page.css";

/** `?user=ID` of the address: a positive whole number, else none. */
function ownerParam(value: string | null): number | undefined {
  return value !== null && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : undefined;
}

/**
 * /trash (issue 29): the caller's deleted items, newest first, with a filter by name or folder,
 * restore and delete for ever on each, and "Empty trash". An admin may pick another user's trash
 * (`/trash?user=ID`): it is shown read-only, since only its owner may restore or delete its items.
 */
export function TrashPage() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState("");
  const [params, setParams] = useSearchParams();
  const me = useAuthStore((state) => state.user);
  const admin = Boolean(me?.perm.admin);
  const asked = admin ? ownerParam(params.get("user")) : undefined;
  /** Whose trash is shown: undefined for the caller's own. */
  const owner = asked === me?.id ? undefined : asked;
  const ownerName = useUsername(owner);
  const query = useQuery({
    queryKey: trashKey(owner),
    queryFn: ({ signal }) => fetchTrash(signal, owner),
    retry: false,
  });
  const { restore, deleteForever, empty } = useTrashActions();
  const pickOwner = (next: number | undefined) =>
    setParams(
      (old) => {
        const updated = new URLSearchParams(old);
        if (next === undefined) updated.delete("user");
        else updated.set("user", String(next));
        return updated;
      },
      { replace: true },
    );

  const readOnly = owner !== undefined;
  const hasItems = query.isSuccess && query.data.length > 0;
  return (
    <section className="card trash-page" data-testid="trash-page">
      <div className="trash-page__head">
        <h1 className="card__title" data-testid="page-heading">
          {readOnly ? t("trash.titleOf", { user: ownerName }) : t("trash.title")}
        </h1>
        {hasItems && !readOnly && (
          <Button tone="danger" testId="trash-empty-all" onClick={empty}>
            {t("trash.empty")}
          </Button>
        )}
      </div>
      {(admin || hasItems) && (
        <div className="trash-page__filter">
          {admin && me && <TrashOwnerPicker me={me.id} owner={owner} onChange={pickOwner} />}
          {hasItems && (
            <input
              type="search"
              className="input"
              value={filter}
              onChange={(event) => setFilter(event.target.value)}
              placeholder={t("trash.filter")}
              aria-label={t("trash.filter")}
              data-testid="trash-filter"
            />
          )}
        </div>
      )}
      {readOnly && (
        <p className="trash-page__note muted" role="note" data-testid="trash-read-only">
          {t("trash.othersNote", { user: ownerName })}
        </p>
      )}
      <ListQueryView
        query={query}
        error={{ text: t("trash.loadError"), className: "trash-error", testId: "trash-error" }}
        empty={{
          text: readOnly ? t("trash.emptyOther", { user: ownerName }) : t("trash.emptyState"),
          testId: "trash-empty",
        }}
      >
        {(items) => {
          const shown = filterTrash(items, filter);
          return shown.length === 0 ? (
            <p className="card__body muted" data-testid="trash-no-match">
              {t("trash.noMatch")}
            </p>
          ) : (
            <TrashTable
              items={shown}
              actions={
                readOnly ? undefined : { onRestore: restore, onDeleteForever: deleteForever }
              }
            />
          );
        }}
      </ListQueryView>
    </section>
  );
}
