import type { ActivityEntry } from "@scriptorium/shared";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { actionLabel, whoKind } from "../../lib/activity-labels";
import { formatExact, formatRelative, parseModified } from "../../lib/format-date";
import { asFolder, baseName, encodePath, isolatePath } from "../../lib/paths";
import { useClock } from "../../lib/use-clock";

interface ActivityListProps {
  entries: readonly ActivityEntry[];
  /** The folder whose activity it is (decoded, ending with "/"): paths are shown from there. */
  folder: string;
  /** A path was followed. */
  onOpen: () => void;
}

/** `path` as seen from `folder`: "Dante/inferno.tex"; the folder itself by its name. */
export function relativePath(path: string, folder: string): string {
  const root = asFolder(folder);
  if (asFolder(path) === root) return baseName(root) || "/";
  return path.startsWith(root) ? path.slice(root.length) : path;
}

/** Actions after which their path is gone: it is shown, not linked. */
const GONE = new Set<ActivityEntry["action"]>(["delete", "rename", "move"]);

function PathLink({ path, folder, onOpen }: { path: string; folder: string; onOpen: () => void }) {
  return (
    <Link
      to={`/files${encodePath(path)}`}
      className="activity-entry__path"
      data-testid="activity-path"
      onClick={onOpen}
    >
      {isolatePath(relativePath(path, folder))}
    </Link>
  );
}

/** The entries, newest first: who, what, where (and where to), and when. */
export function ActivityList({ entries, folder, onOpen }: ActivityListProps) {
  const { t, i18n } = useTranslation();
  const who = (entry: ActivityEntry) => {
    const kind = whoKind(entry);
    return kind === "user" ? entry.user : kind === "visitor" ? t("activity.visitor") : "—";
  };
  // The clock moves every half minute and the server's may run ahead: never "in 1 second".
  const now = Math.max(useClock(), Date.now());
  return (
    <ol className="activity__list" data-testid="activity-list">
      {entries.map((entry, index) => {
        const time = parseModified(entry.time);
        const when = {
          text: formatRelative(Math.min(time, now), i18n.language, now),
          title: formatExact(time, i18n.language),
        };
        return (
          <li
            // Entries have no id; the same second may hold equal ones.
            key={`${entry.time}\u0000${entry.action}\u0000${entry.path}\u0000${index}`}
            className="activity-entry"
            data-testid="activity-entry"
            data-action={entry.action}
          >
            <div className="activity-entry__head">
              <span className="activity-entry__user" data-testid="activity-user">
                {who(entry)}
              </span>
              <span className="activity-entry__action" data-testid="activity-action">
                {t(actionLabel(entry.action))}
              </span>
              <time className="activity-entry__time muted" dateTime={entry.time} title={when.title}>
                {when.text}
              </time>
            </div>
            {(entry.path !== "" || entry.to !== undefined) && (
              <div className="activity-entry__paths">
                {/* A side the viewer may not see comes as "": only the other one is shown. */}
                {entry.path !== "" &&
                  (GONE.has(entry.action) ? (
                    <span className="activity-entry__path" data-testid="activity-path">
                      {isolatePath(relativePath(entry.path, folder))}
                    </span>
                  ) : (
                    <PathLink path={entry.path} folder={folder} onOpen={onOpen} />
                  ))}
                {entry.to !== undefined && (
                  <>
                    <span className="activity-entry__arrow" aria-hidden="true">
                      →
                    </span>
                    <span className="visually-hidden">{t("activity.to")}</span>
                    <PathLink path={entry.to} folder={folder} onOpen={onOpen} />
                  </>
                )}
              </div>
            )}
            {entry.detail && <div className="activity-entry__detail muted">{entry.detail}</div>}
          </li>
        );
      })}
    </ol>
  );
}
