import { parseSourceLogName, type Item } from "@scriptorium/shared";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useResource } from "../../api/resource-api";
import { formatAbsolute, formatExact, parseModified } from "../../lib/format-date";
import { encodePath, parentFolder } from "../../lib/paths";

/**
 * The logs of the same source and tool kept beside `path` (`<stem>.<tool>.log`, then
 * `<stem>.<tool>.1.log` … older), from the folder's listing: newest first, each by its date, a
 * link but for the one on show. Nothing when this is the only one (or an `{tool}.OUT.log`).
 */
export function LogHistory({ path, name }: { path: string; name: string }) {
  const { t, i18n } = useTranslation();
  const own = parseSourceLogName(name);
  const folder = useResource(parentFolder(path));
  if (!own || !folder.data?.items) return null;
  const kept = folder.data.items
    .map((item) => ({ item, parsed: item.isDir ? null : parseSourceLogName(item.name) }))
    .filter(
      (x): x is { item: Item; parsed: NonNullable<typeof own> } =>
        x.parsed !== null && x.parsed.stem === own.stem && x.parsed.tool === own.tool,
    )
    .sort((a, b) => a.parsed.age - b.parsed.age);
  if (kept.length < 2) return null;
  return (
    <nav aria-labelledby="tool-log-history-title" data-testid="tool-log-history">
      <h3 id="tool-log-history-title" className="tool-log__history-title">
        {t("editionTools.log.history")}
      </h3>
      <ol className="tool-log__history">
        {kept.map(({ item }) => {
          const time = parseModified(item.modified);
          const date = formatAbsolute(time, i18n.language);
          const title = `${item.name} · ${formatExact(time, i18n.language)}`;
          return (
            <li key={item.path}>
              {item.name === name ? (
                <strong aria-current="page" title={title} data-testid="tool-log-history-current">
                  {t("editionTools.log.shown", { date })}
                </strong>
              ) : (
                <Link
                  to={`/files${encodePath(item.path)}`}
                  title={title}
                  data-testid="tool-log-history-link"
                >
                  {date}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
