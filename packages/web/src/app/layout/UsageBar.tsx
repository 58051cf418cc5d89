import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { apiCall } from "../../api/client";
import { formatBytes } from "../../lib/format-bytes";
import { decodePath } from "../../lib/paths";

/** The folder whose volume is measured: the current /files/ folder, else the root. */
function usagePath(pathname: string): string {
  if (!pathname.startsWith("/files/")) return "/";
  const path = decodePath(pathname.slice("/files".length));
  return path.slice(0, path.lastIndexOf("/") + 1) || "/";
}

/**
 * "x of y used": the bytes of the user's scope of those plus the free space (issue 31), or the
 * volume holding the current folder for a user of the whole root (API.md §10.1).
 */
export function UsageBar() {
  const { t } = useTranslation();
  const path = usagePath(useLocation().pathname);
  const { data } = useQuery({
    queryKey: ["usage", path],
    queryFn: ({ signal }) => apiCall("usage", { path, signal }),
    staleTime: 60_000,
  });
  if (!data || data.total <= 0) return null;
  const percent = Math.min(100, Math.round((data.used / data.total) * 100));
  const used = formatBytes(data.used);
  const total = formatBytes(data.total);
  const label = t("sidebar.storage", { used, total });
  // Each size is drawn in its own left-to-right <bdi> so "137.40 GiB" keeps its order in RTL
  // sentences: translate with markers, then put the elements where the markers are.
  const marked = t("sidebar.storage", { used: "\uE000used\uE000", total: "\uE000total\uE000" });
  const parts = marked.split(/\uE000(used|total)\uE000/).map((part, index) =>
    index % 2 === 1 ? (
      <bdi key={index} dir="ltr">
        {part === "used" ? used : total}
      </bdi>
    ) : (
      part
    ),
  );
  return (
    <div className="usage" data-testid="sidebar-usage">
      <div
        className="usage__bar"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-label={label}
      >
        <div className="usage__fill" style={{ inlineSize: `${percent}%` }} />
      </div>
      <span className="usage__label">{parts}</span>
    </div>
  );
}
