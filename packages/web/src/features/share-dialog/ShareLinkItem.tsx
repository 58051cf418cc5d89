import type { Share } from "@scriptorium/shared";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "../../components/Icon";
import { QrCode } from "../../components/QrCode";
import { CopyLinkButton } from "../../components/CopyLinkButton";
import { DeleteLinkButton } from "../../components/DeleteLinkButton";
import { hasDirectDownload, shareDownloadUrl, shareUrl } from "../../api/share-api";
import { expiryText, modeText, usageTexts } from "../../lib/share-format";
import { ShareActivityList } from "./ShareActivityList";

/** Side of the QR code of a link in the dialog, in CSS pixels. */
const QR_SIZE = 180;

interface ShareLinkItemProps {
  share: Share;
  onDelete: (share: Share) => void;
}

/** One link in the share dialog's list: its terms, copy, QR code, delete and drop-box activity. */
export function ShareLinkItem({ share, onDelete }: ShareLinkItemProps) {
  const { t, i18n } = useTranslation();
  const [showQr, setShowQr] = useState(false);
  // The activity loads when first opened.
  const [activityOpen, setActivityOpen] = useState(false);
  const url = shareUrl(share);
  const expiry = expiryText(share, t, i18n.language);

  return (
    <li className="share-link" data-testid="share-link" data-hash={share.hash}>
      <div className="share-link__terms">
        <span className="share-badge" title={expiry.title} data-testid="share-expiry">
          {expiry.text}
        </span>
        <span className={`share-badge share-badge--${share.mode}`}>{modeText(share, t)}</span>
        {share.hasPassword && (
          <span className="share-badge" data-testid="share-has-password">
            <Icon name="lock" size={14} />
            {t("share.withPassword")}
          </span>
        )}
        {usageTexts(share, t).map((text) => (
          <span key={text} className="share-link__usage muted">
            {text}
          </span>
        ))}
      </div>
      <a className="share-link__url" href={url} target="_blank" rel="noreferrer">
        {url}
      </a>
      <div className="share-link__actions">
        <CopyLinkButton url={url} label={t("share.copyLink")} testId="share-copy" />
        {hasDirectDownload(share) && (
          <CopyLinkButton
            url={shareDownloadUrl(share)}
            label={t("share.copyDownloadLink")}
            icon="download"
            testId="share-copy-download"
          />
        )}
        <button
          type="button"
          className="button button--flat share-button"
          aria-expanded={showQr}
          data-testid="share-qr-toggle"
          onClick={() => setShowQr((shown) => !shown)}
        >
          <Icon name="zoomIn" size={18} />
          {t("share.qrCode")}
        </button>
        <DeleteLinkButton
          className="share-link__delete"
          testId="share-delete"
          onClick={() => onDelete(share)}
        />
      </div>
      {showQr && (
        <div className="share-link__qr" data-testid="share-qr">
          <QrCode value={url} size={QR_SIZE} level="M" label={t("share.qrLabel")} />
        </div>
      )}
      {share.mode === "upload" && (
        <details
          className="share-link__activity"
          onToggle={(event) => setActivityOpen(event.currentTarget.open)}
        >
          <summary>{t("share.activity")}</summary>
          {activityOpen && <ShareActivityList hash={share.hash} />}
        </details>
      )}
    </li>
  );
}
