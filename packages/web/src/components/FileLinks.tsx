import { useTranslation } from "react-i18next";
import { fileUrls } from "../api/resource-api";
import { Icon } from "./Icon";

interface LinkProps {
  path: string;
  testId: string;
  /** A labelled button instead of an icon button (the card of files without a preview). */
  withLabel?: boolean;
}

/** Download of one file: the raw bytes as an attachment (needs the download permission). */
export function DownloadLink({ path, testId, withLabel }: LinkProps) {
  const { t } = useTranslation();
  const label = t("preview.download");
  return (
    <a
      href={fileUrls.raw(path)}
      download
      className={withLabel ? "button button--primary" : "icon-button"}
      title={label}
      aria-label={withLabel ? undefined : label}
      data-testid={testId}
    >
      <Icon name="download" size={withLabel ? 20 : 24} />
      {withLabel && label}
    </a>
  );
}

/**
 * "Open inline" of an .html/.htm file (SPEC.md §5): the page in a new tab, served sandboxed so
 * that it never runs with the app's origin (API.md Part A §11).
 */
export function OpenInlineLink({ path, testId, withLabel }: LinkProps) {
  const { t } = useTranslation();
  const label = t("preview.openInline");
  return (
    <a
      href={fileUrls.inline(path)}
      target="_blank"
      rel="noopener noreferrer"
      className={withLabel ? "button" : "icon-button"}
      title={label}
      aria-label={withLabel ? undefined : label}
      data-testid={testId}
    >
      <Icon name="external" size={withLabel ? 20 : 24} />
      {withLabel && label}
    </a>
  );
}
