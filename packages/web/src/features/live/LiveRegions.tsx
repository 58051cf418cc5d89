import { createPortal } from "react-dom";
import { useOpenDialog } from "../../components/use-modal-dialog";
import { useAnnouncerStore } from "../../state/announcer";

/**
 * The two live regions of every page (see announcer.ts). While a modal dialog is open the
 * page behind it is inert, hidden from screen readers too, so the regions move into it.
 */
export function LiveRegions() {
  const polite = useAnnouncerStore((state) => state.polite);
  const assertive = useAnnouncerStore((state) => state.assertive);
  const dialog = useOpenDialog();
  const regions = (
    <>
      <div className="visually-hidden" role="status" aria-live="polite" data-testid="live-polite">
        {polite}
      </div>
      <div
        className="visually-hidden"
        role="alert"
        aria-live="assertive"
        data-testid="live-assertive"
      >
        {assertive}
      </div>
    </>
  );
  return dialog ? createPortal(regions, dialog) : regions;
}
