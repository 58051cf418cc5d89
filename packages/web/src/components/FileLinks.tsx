import type { AnchorHTMLAttributes } from "react";
import { useTranslation } from "react-i18next";
import { fileUrls } from "../api/resource-api";
import { Icon, type IconName } from "./Icon";

interface LinkProps {
  path: string;
  testId: string;
  /** A labelled button instead of an icon button (the card of files without a preview). */
  withLabel?: boolean;
}

/** A link to one file shown as a button: an icon button, or a labelled one on the card. */
function FileLink({
  icon,
  label,
  testId,
  withLabel,
  labelledClass,
  ...anchor
}: Omit<LinkProps, "path"> &
  AnchorHTMLAttributes<HTMLAnchorElement> & {
    icon: IconName;
    label: string;
    /** The button classes when labelled. */
    labelledClass: string;
  }) {
  return (
    <a
      {...anchor}
      className={withLabel ? labelledClass : "icon-button"}
      title={label}
      aria-label={withLabel ? undefined : label}
      data-testid={testId}
    >
      <Icon name={icon} size={withLabel ? 20 : 24} />
      {withLabel && label}
    </a>
  );
}

/** Download of one file: the raw bytes as an attachment (needs the download permission). */
export function DownloadLink({ path, ...props }: LinkProps) {
  const { t } = useTranslation();
  return (
    <FileLink
      {...props}
      href={fileUrls.raw(path)}
      download
      icon="download"
      label={t("preview.download")}
      labelledClass="button button--primary"
    />
  );
}

/**
 * "Open inline" of an .html/.htm file (SPEC.md §5): the page in a new tab, served sandboxed so
 * that it never runs with the app's origin (API.md Part A §11).
 */
export function OpenInlineLink({ path, ...props }: LinkProps) {
  const { t } = useTranslation();
  return (
    <FileLink
      {...props}
      href={fileUrls.inline(path)}
      target="_blank"
      rel="noopener noreferrer"
      icon="external"
      label={t("preview.openInline")}
      labelledClass="button"
    />
  );
}
