import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { diffKey, fetchDiff } from "../../api/history-api";
import { Button } from "../../components/Button";
import { Icon } from "../../components/Icon";
import { useIsNarrow } from "../../lib/use-element-width";
import { DiffLines, type DiffLayout } from "./DiffLines";
import { ReadingsList } from "./ReadingsList";

/** Unchanged lines shown around each change until the user unfolds more. */
export const DEFAULT_CONTEXT = 3;
/** The most the server shows around a change (HistoryQuerySchema). */
const MAX_CONTEXT = 1000;

const LAYOUT_KEY = "scriptorium.history.layout";

function storedLayout(): DiffLayout {
  try {
    return localStorage.getItem(LAYOUT_KEY) === "inline" ? "inline" : "split";
  } catch {
    return "split";
  }
}

interface DiffViewProps {
  path: string;
  /** Version ids, or `current`. */
  from: string;
  to: string;
  /** How each side is named in the heading (a time, a label, "current file"). */
  fromName: string;
  toName: string;
}

/**
 * The diff of two contents of a file: side by side or inline (phones: inline only), changed
 * words marked, unchanged runs folded into a row that unfolds them, and for a Mauro-TeX file
 * the readings that changed with their sigla.
 */
export function DiffView({ path, from, to, fromName, toName }: DiffViewProps) {
  const { t } = useTranslation();
  const narrow = useIsNarrow();
  const [chosen, setChosen] = useState<DiffLayout>(storedLayout);
  const [context, setContext] = useState(DEFAULT_CONTEXT);
  const layout: DiffLayout = narrow ? "inline" : chosen;
  const query = useQuery({
    queryKey: diffKey(path, from, to, context),
    queryFn: ({ signal }) => fetchDiff(path, from, to, context, signal),
    placeholderData: (previous) => previous,
    retry: false,
  });

  const choose = (next: DiffLayout) => {
    setChosen(next);
    try {
      localStorage.setItem(LAYOUT_KEY, next);
    } catch {
      // Private mode: the choice lasts for this view only.
    }
  };
  const expand = (count: number) =>
    setContext((current) => Math.min(MAX_CONTEXT, Math.max(current * 2, count)));

  const diff = query.data;
  const changes = diff?.lines.filter((line) => line.kind !== "same" && line.kind !== "skip") ?? [];
  return (
    <div className="diff-view" data-testid="diff-view">
      <div className="diff-view__head">
        <p className="diff-view__sides" data-testid="diff-sides">
          <span className="diff-view__side diff-view__side--old">
            <span aria-hidden="true">− </span>
            {fromName}
          </span>
          <span className="diff-view__side diff-view__side--new">
            <span aria-hidden="true">+ </span>
            {toName}
          </span>
        </p>
        <div className="diff-view__tools">
          {context > DEFAULT_CONTEXT && (
            <Button tone="flat" testId="diff-fold" onClick={() => setContext(DEFAULT_CONTEXT)}>
              {t("history.foldUnchanged")}
            </Button>
          )}
          {!narrow && (
            <div className="segmented" role="group" aria-label={t("history.layout")}>
              {(["split", "inline"] as const).map((option) => (
                <button
                  key={option}
                  type="button"
                  className="segmented__option"
                  aria-pressed={layout === option}
                  data-testid={`diff-layout-${option}`}
                  onClick={() => choose(option)}
                >
                  {t(option === "split" ? "history.sideBySide" : "history.inline")}
                </button>
              ))}
            </div>
          )}
        </div>
      </div>
      {query.isPending && <p className="muted">{t("files.loading")}</p>}
      {query.isError && (
        <p className="history-error" role="alert" data-testid="diff-error">
          <Icon name="alert" size={20} /> {t("history.diffError")}
        </p>
      )}
      {diff && (
        <>
          {diff.readings.length > 0 && <ReadingsList readings={diff.readings} />}
          {diff.binary ? (
            <p className="muted" data-testid="diff-binary">
              {t("history.binary")}
            </p>
          ) : changes.length === 0 ? (
            <p className="muted" data-testid="diff-none">
              {t("history.noChanges")}
            </p>
          ) : (
            // Source lines read left to right in every interface language, as in the editor.
            <div className="diff-view__scroll" dir="ltr">
              <DiffLines lines={diff.lines} layout={layout} onExpand={expand} />
            </div>
          )}
        </>
      )}
    </div>
  );
}
