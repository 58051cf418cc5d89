import type { Share } from "@scriptorium/shared";
import { useTranslation } from "react-i18next";
import { isolatePath } from "../../lib/paths";
import { shareUrl } from "../../api/share-api";

/** The question of the share-delete prompt (SPEC.md §2 Dialogs), naming the link and its path. */
export function ShareDeleteQuestion({ share }: { share: Share }) {
  const { t } = useTranslation();
  return (
    <div className="share-delete" data-testid="share-delete-question">
      <p>{t("share.deleteMessage")}</p>
      <p className="share-delete__link">
        <strong>{isolatePath(share.path)}</strong>
        <br />
        <span className="muted">{shareUrl(share)}</span>
      </p>
    </div>
  );
}
