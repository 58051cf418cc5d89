import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Icon, type IconName } from "./Icon";
import { showSuccess } from "../state/toast-store";
import { copyText } from "./copy-text";

interface CopyLinkButtonProps {
  url: string;
  label: string;
  icon?: IconName;
  testId?: string;
  /** Only the icon shows, the label becomes the accessible name (narrow table cells). */
  compact?: boolean;
}

/**
 * Copies a link and says so (SPEC.md §8 "Link copied!"). When the browser allows no way of
 * copying, the link appears in a selected read-only field to copy by hand.
 */
export function CopyLinkButton({
  url,
  label,
  icon = "link",
  testId,
  compact,
}: CopyLinkButtonProps) {
  const { t } = useTranslation();
  const [manual, setManual] = useState(false);

  const copy = async () => {
    if (await copyText(url)) {
      setManual(false);
      showSuccess(t("success.linkCopied"));
    } else {
      setManual(true);
    }
  };

  return (
    <>
      <button
        type="button"
        className={compact ? "icon-button" : "button button--flat share-button"}
        title={label}
        aria-label={compact ? label : undefined}
        data-testid={testId}
        onClick={() => void copy()}
      >
        <Icon name={icon} size={18} />
        {!compact && label}
      </button>
      {manual && (
        <label className="share-manual-copy">
          <span className="muted">{t("share.copyByHand")}</span>
          <input
            className="input input--block"
            readOnly
            value={url}
            data-testid="share-manual-copy"
            ref={(input) => input?.select()}
            onFocus={(event) => event.currentTarget.select()}
          />
        </label>
      )}
    </>
  );
}
