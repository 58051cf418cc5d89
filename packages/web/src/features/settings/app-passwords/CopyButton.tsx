import { useTranslation } from "react-i18next";
import { Icon } from "../../../components/Icon";
import { copyText } from "../../../components/copy-text";
import { showErrorToast, showSuccess } from "../../../state/toast-store";

interface CopyButtonProps {
  text: string;
  /** The button's accessible name ("Copy the address"). */
  label: string;
  testId: string;
}

/**
 * Copies `text` and says so; when the browser allows no copying, says to select it by hand
 * (the text stands beside the button, selectable).
 */
export function CopyButton({ text, label, testId }: CopyButtonProps) {
  const { t } = useTranslation();
  const copy = async () => {
    if (await copyText(text)) showSuccess(t("settings.appPasswords.copied"));
    else showErrorToast(t("settings.appPasswords.copyByHand"));
  };
  return (
    <button
      type="button"
      className="button button--flat app-passwords__copy"
      title={label}
      aria-label={label}
      data-testid={testId}
      onClick={() => void copy()}
    >
      <Icon name="copy" size={18} />
      <span aria-hidden="true">{t("buttons.copy")}</span>
    </button>
  );
}
