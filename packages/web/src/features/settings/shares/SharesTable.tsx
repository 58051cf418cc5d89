import type { Share } from "@scriptorium/shared";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { DataTableHead } from "../../../components/DataTable";
import { Icon } from "../../../components/Icon";
import { encodePath, isolatePath } from "../../../lib/paths";
import { showPrompt } from "../../../prompts";
import { CopyLinkButton } from "../../../components/CopyLinkButton";
import { DeleteLinkButton } from "../../../components/DeleteLinkButton";
import { shareUrl } from "../../../api/share-api";
import { expiryText, modeText, usageTexts } from "../../../lib/share-format";

/**
 * The columns, each named by `settings.shares.<column>`: the heading, and on narrow screens the
 * label of its cells.
 */
const COLUMNS = ["path", "owner", "expiry", "mode", "usage"] as const;
type Column = (typeof COLUMNS)[number];

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
  const label = (column: Column) => t(`settings.shares.${column}`);
  return (
    <table className="data-table shares-table" data-testid="shares-table">
      <DataTableHead
        labels={COLUMNS.filter((column) => showOwner || column !== "owner").map(label)}
        actionsLabel={t("settings.shares.actions")}
      />
      <tbody>
        {shares.map((share) => {
          const expiry = expiryText(share, t, i18n.language);
          return (
            <tr key={share.hash} data-testid="shares-row" data-hash={share.hash}>
              <td data-label={label("path")} className="shares-table__path">
                {share.userID === me ? (
                  <Link to={`/files${encodePath(share.path)}`}>{isolatePath(share.path)}</Link>
                ) : (
                  isolatePath(share.path)
                )}
              </td>
              {showOwner && (
                <td data-label={label("owner")} data-testid="shares-owner">
                  {share.username ?? `#${share.userID}`}
                </td>
              )}
              <td data-label={label("expiry")} title={expiry.title}>
                {expiry.text}
              </td>
              <td data-label={label("mode")} className="shares-table__mode">
                {modeText(share, t)}
                {share.hasPassword && (
                  <span className="shares-table__lock" title={t("share.withPassword")}>
                    <Icon name="lock" size={14} label={t("share.withPassword")} />
                  </span>
                )}
              </td>
              <td data-label={label("usage")}>
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
