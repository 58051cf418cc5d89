import type { PublicShareInfo } from "@scriptorium/shared";
import { useTranslation } from "react-i18next";
import { formatBytes } from "../../lib/format-bytes";
import { formatAbsolute } from "../../lib/format-date";

/**
 * What the link's owner set: its expiry, the downloads left, and for a drop box the largest
 * file and the files it still accepts.
 */
export function LinkLimits({ info }: { info: PublicShareInfo }) {
  const { t, i18n } = useTranslation();
  const rows: { key: string; text: string }[] = [
    {
      key: "expiry",
      text:
        info.expire > 0
          ? t("sharePage.expires", { when: formatAbsolute(info.expire * 1000, i18n.language) })
          : t("sharePage.permanent"),
    },
  ];
  if (info.downloadsLeft !== undefined && info.mode === "read") {
    rows.push({
      key: "downloads",
      text: t("sharePage.downloadsLeft", { count: info.downloadsLeft }),
    });
  }
  if (info.mode === "upload") {
    rows.push({
      key: "size",
      text:
        info.maxUploadBytes !== undefined
          ? t("sharePage.maxSize", { size: formatBytes(info.maxUploadBytes) })
          : t("sharePage.anySize"),
    });
    if (info.uploadsLeft !== undefined) {
      rows.push({ key: "files", text: t("sharePage.filesLeft", { count: info.uploadsLeft }) });
    }
  }
  return (
    <ul className="share-limits" data-testid="share-limits">
      {rows.map((row) => (
        <li key={row.key} data-testid={`share-limit-${row.key}`}>
          {row.text}
        </li>
      ))}
    </ul>
  );
}
