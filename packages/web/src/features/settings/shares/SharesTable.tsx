import type { Share } from "@scriptorium/shared";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Icon } from "../../../components/Icon";
import { encodePath, isolatePath } from "../../../lib/paths";
import { showPrompt } from "../../../prompts";
import { CopyLinkButton } from "../../../components/CopyLinkButton";
import { DeleteLinkButton } from "../../../components/DeleteLinkButton";
import { shareUrl } from "../../../api/share-api";
import { expiryText, modeText, usageTexts } from "../../../lib/share-format";

interface SharesTableProps {
  shares: readonly Share[];
  /** The user's id: only their own paths open in their file listing. */
  me: number;
  /** Admins see every link: an owner column. */
  showOwner: boolean;
}

/** The links as a table; on narrow screens each row becomes a card with labelled cells. */
export function SharesTable({ shares, me, showOwner }: SharesTableProps) {
  const { t, i18n } = useTranslation();
  return (
    <table className="shares-table" data-testid="shares-table">
      <thead>
        <tr>
          <th scope="col">{t("settings.shares.path")}</th>
          {showOwner && <th scope="col">{t("settings.shares.owner")}</th>}
          <th scope="col">{t("settings.shares.expiry")}</th>
          <th scope="col">{t("settings.shares.mode")}</th>
          <th scope="col">{t("settings.shares.usage")}</th>
          <th scope="col">
            <span className="visually-hidden">{t("settings.shares.actions")}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {shares.map((share) => {
          const expiry = expiryText(share, t, i18n.language);
          return (
            <tr key={share.hash} data-testid="shares-row" data-hash={share.hash}>
              <td data-label={t("settings.shares.path")} className="shares-table__path">
                {share.userID === me ? (
                  <Link to={`/files${encodePath(share.path)}`}>{isolatePath(share.path)}</Link>
                ) : (
                  isolatePath(share.path)
                )}
              </td>
              {showOwner && (
                <td data-label={t("settings.shares.owner")} data-testid="shares-owner">
                  {share.username ?? `#${share.userID}`}
                </td>
              )}
              <td data-label={t("settings.shares.expiry")} title={expiry.title}>
                {expiry.text}
              </td>
              <td data-label={t("settings.shares.mode")} className="shares-table__mode">
                {modeText(share, t)}
                {share.hasPassword && (
                  <span className="shares-table__lock" title={t("share.withPassword")}>
                    <Icon name="lock" size={14} label={t("share.withPassword")} />
                  </span>
                )}
              </td>
              <td data-label={t("settings.shares.usage")}>
                <span className="shares-table__usage">
                  {usageTexts(share, t).map((text) => (
                    <span key={text}>{text}</span>
                  ))}
                </span>
              </td>
              <td className="shares-table__actions">
                <CopyLinkButton
                  url={shareUrl(share)}
                  label={t("share.copyLink")}
                  testId="shares-copy"
                  compact
                />
                <DeleteLinkButton
                  className="shares-table__delete"
                  testId="shares-delete"
                  onClick={() => showPrompt({ name: "share-delete", share })}
                />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
