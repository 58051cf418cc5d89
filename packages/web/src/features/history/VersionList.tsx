import type { Version } from "@scriptorium/shared";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { CURRENT, versionDownloadUrl } from "../../api/history-api";
import { Button } from "../../components/Button";
import { Icon } from "../../components/Icon";
import { Modal } from "../../components/Modal";
import { formatBytes } from "../../lib/format-bytes";
import { formatAbsolute, formatExact, formatRelative, parseModified } from "../../lib/format-date";
import { PromptFooter } from "../../prompts/PromptFooter";
import { useUser } from "../../state/auth-store";
import { LabelEditor } from "./LabelEditor";
import { useVersionActions } from "./use-version-actions";

interface VersionListProps {
  path: string;
  versions: readonly Version[];
  /** Shows the diff `from` → `to` (version ids or `current`). */
  onCompare: (from: string, to: string) => void;
}

/** The older of two picked versions first, so the diff reads forward in time. */
function inTimeOrder(versions: readonly Version[], ids: readonly string[]): [string, string] {
  const time = (id: string) => parseModified(versions.find((v) => v.id === id)?.modified ?? "");
  const [a = "", b = ""] = [...ids].sort((x, y) => time(x) - time(y));
  return [a, b];
}

/**
 * A file's versions, newest first, as cards: when (relative, and absolute on hover and below),
 * author, size and label; on each, compare with the current file, pick for a comparison of two,
 * restore (after a confirmation), download and label.
 */
export function VersionList({ path, versions, onCompare }: VersionListProps) {
  const { t, i18n } = useTranslation();
  const user = useUser();
  const canModify = Boolean(user?.perm.modify);
  const canDownload = Boolean(user?.perm.download);
  const { restore, saveLabel } = useVersionActions(path);
  const [picked, setPicked] = useState<string[]>([]);
  const [editing, setEditing] = useState<string | null>(null);
  const [restoring, setRestoring] = useState<Version | null>(null);
  const now = Date.now();

  const togglePick = (id: string) =>
    setPicked((current) =>
      current.includes(id) ? current.filter((p) => p !== id) : [...current, id].slice(-2),
    );

  return (
    <div className="versions" data-testid="versions">
      <div className="versions__compare">
        <p className="muted versions__hint">{t("history.pickHint")}</p>
        <Button
          testId="history-compare-picked"
          disabled={picked.length !== 2}
          onClick={() => onCompare(...inTimeOrder(versions, picked))}
        >
          {t("history.comparePicked")}
        </Button>
      </div>
      <ol className="versions__list">
        {versions.map((version) => {
          const time = parseModified(version.modified);
          const exact = formatExact(time, i18n.language);
          const isPicked = picked.includes(version.id);
          return (
            <li
              key={version.id}
              className={isPicked ? "version version--picked" : "version"}
              data-testid="version"
              data-id={version.id}
            >
              <label className="version__pick">
                <input
                  type="checkbox"
                  checked={isPicked}
                  data-testid="version-pick"
                  onChange={() => togglePick(version.id)}
                />
                <span className="visually-hidden">
                  {t("history.pick", { time: formatAbsolute(time, i18n.language) })}
                </span>
              </label>
              <div className="version__main">
                <div className="version__when">
                  <time dateTime={version.modified} title={exact} data-testid="version-time">
                    {formatRelative(time, i18n.language, now)}
                  </time>
                  <span className="muted version__absolute">
                    {formatAbsolute(time, i18n.language)}
                  </span>
                  {version.label && editing !== version.id && (
                    <span className="version__label" data-testid="version-label">
                      <Icon name="key" size={14} />
                      <bdi>{version.label}</bdi>
                    </span>
                  )}
                </div>
                <div className="version__meta muted">
                  <span data-testid="version-author">
                    {t("history.by", { author: version.author })}
                  </span>
                  <span aria-hidden="true"> · </span>
                  <span data-testid="version-size">{formatBytes(version.size)}</span>
                </div>
                {editing === version.id && (
                  <LabelEditor
                    initial={version.label ?? ""}
                    onCancel={() => setEditing(null)}
                    onSave={(label) =>
                      void saveLabel(version, label).then((ok) => ok && setEditing(null))
                    }
                  />
                )}
                <div className="version__actions">
                  <Button testId="version-compare" onClick={() => onCompare(version.id, CURRENT)}>
                    {t("history.compareCurrent")}
                  </Button>
                  {canModify && (
                    <Button testId="version-restore" onClick={() => setRestoring(version)}>
                      {t("history.restore")}
                    </Button>
                  )}
                  {canDownload && (
                    <a
                      className="button button--flat"
                      href={versionDownloadUrl(path, version.id)}
                      download=""
                      data-testid="version-download"
                    >
                      {t("history.download")}
                    </a>
                  )}
                  {canModify && editing !== version.id && (
                    <Button
                      tone="flat"
                      testId="version-label-edit"
                      onClick={() => setEditing(version.id)}
                    >
                      {t(version.label ? "history.editLabel" : "history.addLabel")}
                    </Button>
                  )}
                  {canModify && version.label && editing !== version.id && (
                    <Button
                      tone="flat"
                      testId="version-label-remove"
                      onClick={() => void saveLabel(version, "")}
                    >
                      {t("history.removeLabel")}
                    </Button>
                  )}
                </div>
              </div>
            </li>
          );
        })}
      </ol>
      {restoring && (
        <Modal
          title={t("history.restoreTitle")}
          testId="history-restore-confirm"
          onClose={() => setRestoring(null)}
          footer={
            <PromptFooter
              onCancel={() => setRestoring(null)}
              confirmLabel={t("history.restore")}
              confirmTestId="history-restore-confirm-button"
              onConfirm={() => {
                const version = restoring;
                setRestoring(null);
                void restore(version);
              }}
            />
          }
        >
          <p>
            {t("history.restoreMessage", {
              time: formatAbsolute(parseModified(restoring.modified), i18n.language),
            })}
          </p>
        </Modal>
      )}
    </div>
  );
}
