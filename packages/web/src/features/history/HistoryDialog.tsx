import type { Version } from "@scriptorium/shared";
import { useQuery } from "@tanstack/react-query";
import type { TFunction } from "i18next";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { CURRENT, fetchVersions, historyKey } from "../../api/history-api";
import { Button } from "../../components/Button";
import { Icon } from "../../components/Icon";
import { Modal } from "../../components/Modal";
import { formatAbsolute, parseModified } from "../../lib/format-date";
import { DiffView } from "./DiffView";
import { VersionList } from "./VersionList";
import "./history.css";

/** Two contents of the file to compare: version ids or `current`. */
export interface Comparison {
  from: string;
  to: string;
}

/** The versions of a file (one query for the dialog, the info panel and the editor). */
export function useVersions(path: string) {
  return useQuery({
    queryKey: historyKey(path),
    queryFn: ({ signal }) => fetchVersions(path, signal),
    retry: false,
  });
}

/** How a side of a diff is named: "Current file", or the version's time and label. */
export function sideName(
  id: string,
  versions: readonly Version[] | undefined,
  t: TFunction,
  locale: string,
): string {
  if (id === CURRENT) return t("history.current");
  const version = versions?.find((v) => v.id === id);
  if (!version) return id;
  const when = formatAbsolute(parseModified(version.modified), locale);
  return version.label ? `${version.label} (${when})` : when;
}

/** The versions, or what stands in their place while they load, fail or are none. */
export function VersionsBody({
  path,
  onCompare,
}: {
  path: string;
  onCompare: (from: string, to: string) => void;
}) {
  const { t } = useTranslation();
  const query = useVersions(path);
  if (query.isPending) return <p className="muted">{t("files.loading")}</p>;
  if (query.isError) {
    return (
      <p className="history-error" role="alert" data-testid="history-error">
        <Icon name="alert" size={20} /> {t("history.loadError")}
      </p>
    );
  }
  if (query.data.length === 0) {
    return (
      <p className="muted" data-testid="history-empty">
        {t("history.empty")}
      </p>
    );
  }
  return <VersionList path={path} versions={query.data} onCompare={onCompare} />;
}

interface HistoryDialogProps {
  path: string;
  name: string;
  /** Opens on this diff rather than on the list. */
  initial?: Comparison | null;
  onClose: () => void;
}

/**
 * A file's history in a large dialog (the whole screen on phones): the versions, and the diff
 * of two of them (or of one and the current file) with a way back to the list.
 */
export function HistoryDialog({ path, name, initial = null, onClose }: HistoryDialogProps) {
  const { t, i18n } = useTranslation();
  const [comparison, setComparison] = useState<Comparison | null>(initial);
  const versions = useVersions(path).data;
  return (
    <Modal
      title={t("history.titleOf", { name })}
      testId="history-dialog"
      className="modal--wide"
      onClose={onClose}
      footer={
        <Button tone="flat" testId="history-close" onClick={onClose}>
          {t("buttons.close")}
        </Button>
      }
    >
      {comparison ? (
        <>
          <Button tone="flat" testId="history-back" onClick={() => setComparison(null)}>
            <Icon name="chevronBack" size={18} /> {t("history.back")}
          </Button>
          <DiffView
            path={path}
            from={comparison.from}
            to={comparison.to}
            fromName={sideName(comparison.from, versions, t, i18n.language)}
            toName={sideName(comparison.to, versions, t, i18n.language)}
          />
        </>
      ) : (
        <VersionsBody path={path} onCompare={(from, to) => setComparison({ from, to })} />
      )}
    </Modal>
  );
}
