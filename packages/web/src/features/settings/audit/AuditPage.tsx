import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { auditKey, fetchAudit, fetchAuditExport } from "../../../api/activity-api";
import { saveBlob } from "../../../api/download";
import { Button } from "../../../components/Button";
import { ListQueryView } from "../../../components/ListQueryView";
import { handleError } from "../../../state/handle-error";
import { useDebounced } from "../global/use-debounced";
import { AuditFiltersForm } from "./AuditFiltersForm";
import { AuditTable } from "./AuditTable";
import { EMPTY_AUDIT_FORM, exportName, formFilters, type AuditForm } from "./audit-form";
import "./audit.css";

/** Entries shown at first, and added by each "Show more". */
export const AUDIT_PAGE = 200;
/** The most the route gives at once. */
const AUDIT_MAX = 100_000;
/** Typing pauses this long before the filters apply. */
const FILTER_DELAY_MS = 400;

type Format = "csv" | "json";

/**
 * /settings/activity (admins, issue 29): the whole activity log, newest first, filtered by user,
 * action, path and days, and exported as CSV or JSON with the same filters.
 */
export function AuditPage() {
  const { t } = useTranslation();
  const [form, setForm] = useState<AuditForm>(EMPTY_AUDIT_FORM);
  // Enter applies the form at once; otherwise it applies once typing pauses.
  const [now, setNow] = useState<AuditForm | null>(null);
  const settled = useDebounced(form, FILTER_DELAY_MS);
  const filters = formFilters(now === form ? now : settled);
  const [limit, setLimit] = useState(AUDIT_PAGE);
  const [exporting, setExporting] = useState<Format | null>(null);

  const query = useQuery({
    queryKey: auditKey(filters, limit),
    queryFn: ({ signal }) => fetchAudit(filters, limit, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const more = query.isSuccess && query.data.length >= limit && limit < AUDIT_MAX;

  const change = (next: AuditForm) => {
    setForm(next);
    setLimit(AUDIT_PAGE);
  };
  const download = (format: Format) => {
    setExporting(format);
    fetchAuditExport(filters, format)
      .then((blob) => saveBlob(blob, exportName(format)))
      .catch(handleError)
      .finally(() => setExporting(null));
  };

  return (
    <section className="card audit-page" data-testid="audit-page">
      <div className="audit-page__head">
        <h2 className="card__title">{t("audit.title")}</h2>
        <div className="audit-page__export">
          {(["csv", "json"] as const).map((format) => (
            <Button
              key={format}
              testId={`audit-export-${format}`}
              disabled={exporting !== null}
              onClick={() => download(format)}
            >
              {t("audit.export", { format: format.toUpperCase() })}
            </Button>
          ))}
        </div>
      </div>
      <AuditFiltersForm form={form} onChange={change} onApply={() => setNow(form)} />
      <div aria-busy={query.isFetching} data-testid="audit-results">
        <ListQueryView
          query={query}
          error={{ text: t("audit.loadError"), className: "audit-error", testId: "audit-error" }}
          empty={{ text: t("audit.empty"), testId: "audit-empty" }}
        >
          {(entries) => <AuditTable entries={entries} />}
        </ListQueryView>
      </div>
      {more && (
        <div className="audit-page__more">
          <Button
            testId="audit-more"
            disabled={query.isFetching}
            onClick={() => setLimit((shown) => Math.min(shown + AUDIT_PAGE, AUDIT_MAX))}
          >
            {t("audit.loadMore")}
          </Button>
        </div>
      )}
    </section>
  );
}
