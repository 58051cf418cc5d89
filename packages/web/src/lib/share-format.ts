import type { Share } from "@scriptorium/shared";
import type { TFunction } from "i18next";
import { formatBytes } from "./format-bytes";
import { isolatePath } from "./paths";
import { formatExact, formatRelative } from "./format-date";

/** "Permanent", "Expires in 3 hours" or "Expired", with the exact date as a hover title. */
export function expiryText(
  share: Pick<Share, "expire">,
  t: TFunction,
  locale: string,
  now = Date.now(),
): { text: string; title?: string } {
  if (!share.expire) return { text: t("share.permanent") };
  const time = share.expire * 1000;
  const title = formatExact(time, locale);
  if (time <= now) return { text: t("share.expired"), title };
  return { text: t("share.expires", { when: formatRelative(time, locale, now) }), title };
}

/** "Read" or "Drop box". */
export const modeText = (share: Pick<Share, "mode">, t: TFunction) =>
  share.mode === "upload" ? t("share.modeUpload") : t("share.modeRead");

/** How much a link has been used, against its limits: downloads, or a drop box's files and size. */
export function usageTexts(share: Share, t: TFunction): string[] {
  if (share.mode === "read") {
    return [
      share.maxDownloads
        ? t("share.downloadsOf", { count: share.downloads, max: share.maxDownloads })
        : t("share.downloads", { count: share.downloads }),
    ];
  }
  const texts = [
    share.maxUploads
      ? t("share.uploadsOf", { count: share.uploads, max: share.maxUploads })
      : t("share.uploads", { count: share.uploads }),
  ];
  if (share.maxUploadBytes) {
    // Isolated so that "50.00 MiB" keeps its order inside Hebrew and Arabic text.
    texts.push(t("share.maxFileSize", { size: isolatePath(formatBytes(share.maxUploadBytes)) }));
  }
  return texts;
}
