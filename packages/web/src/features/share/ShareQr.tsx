import { useTranslation } from "react-i18next";
import { QrCode } from "../../components/QrCode";
import { pageAddress } from "./share-location";

/** The QR code of the page's own address, to open the link on another device. */
export function ShareQr({ size }: { size: number }) {
  const { t } = useTranslation();
  return (
    <figure className="share-qr" data-testid="share-qr">
      <QrCode value={pageAddress()} size={size} level="M" label={t("sharePage.qrLabel")} />
    </figure>
  );
}
