import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../api/errors";
import { formatBytes } from "../../lib/format-bytes";
import { isolatePath } from "../../lib/paths";
import { formatExact, formatRelative } from "../../lib/format-date";
import { fetchShareActivity } from "../../api/share-api";

/** What visitors sent to a drop box: who, what, when and how big (newest first). */
export function ShareActivityList({ hash }: { hash: string }) {
  const { t, i18n } = useTranslation();
  const query = useQuery({
    queryKey: ["shares", "activity", hash],
    queryFn: ({ signal }) => fetchShareActivity(hash, signal),
  });

  if (query.isPending) return <p className="muted">{t("files.loading")}</p>;
  if (query.isError) return <p className="share-error">{errorMessage(query.error)}</p>;
  const uploads = query.data.filter((entry) => entry.kind === "upload");
  if (uploads.length === 0) return <p className="muted">{t("share.noActivity")}</p>;
  return (
    <ul className="share-activity" data-testid="share-activity">
      {uploads.map((entry) => (
        <li key={`${entry.at}/${entry.name}`}>
          <span>
            {t("share.activityUpload", {
              who: entry.visitor || entry.address,
              name: isolatePath(entry.name.replace(/^\//, "")),
            })}
          </span>
          <span className="muted">
            {formatBytes(entry.size)} ·{" "}
            <time
              dateTime={new Date(entry.at).toISOString()}
              title={formatExact(entry.at, i18n.language)}
            >
              {formatRelative(entry.at, i18n.language)}
            </time>
          </span>
        </li>
      ))}
    </ul>
  );
}
