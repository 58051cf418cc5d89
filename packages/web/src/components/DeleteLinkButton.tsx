import { useTranslation } from "react-i18next";
import { IconButton } from "./IconButton";

/** The trash button of a share link (the dialog's list, the settings table). */
export function DeleteLinkButton(props: {
  className: string;
  testId: string;
  onClick: () => void;
}) {
  const { t } = useTranslation();
  return <IconButton icon="trash" iconSize={20} label={t("share.deleteLink")} {...props} />;
}
