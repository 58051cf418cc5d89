import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { errorMessage, isStatusError } from "../../api/errors";
import { Icon, type IconName } from "../../components/Icon";

/** What a failed link answer tells the visitor: 404 gone, 410 used up, 429 too many tries. */
function describe(
  error: unknown,
  t: TFunction,
): { icon: IconName; title: string; detail?: string } {
  if (isStatusError(error, 404)) return { icon: "brokenLink", title: t("sharePage.notFound") };
  if (isStatusError(error, 410)) return { icon: "download", title: t("sharePage.exhausted") };
  if (isStatusError(error, 429)) {
    return { icon: "lock", title: t("sharePage.tooManyAttempts"), detail: errorMessage(error) };
  }
  if (isStatusError(error, 0)) return { icon: "cloudOff", title: t("errors.connection") };
  return { icon: "alert", title: t("sharePage.failed"), detail: errorMessage(error) };
}

/** The page in place of a link that cannot be opened. */
export function ShareMessage({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const { icon, title, detail } = describe(error, t);
  const status = isStatusError(error) ? error.status : undefined;
  return (
    <section className="page-message card" data-testid="share-error" data-status={status}>
      <Icon name={icon} size={48} className="page-message__icon" />
      <h1 className="page-message__title">{title}</h1>
      {detail && <p data-testid="share-error-detail">{detail}</p>}
      {status !== 404 && status !== 410 && (
        <button type="button" className="button" onClick={onRetry}>
          {t("buttons.retry")}
        </button>
      )}
    </section>
  );
}
