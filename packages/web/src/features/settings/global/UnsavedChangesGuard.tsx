import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useBlocker } from "react-router";
import { Button } from "../../../components/Button";
import { Modal } from "../../../components/Modal";

/**
 * While a section holds unsaved changes: moving to another section or page asks first, and so
 * does closing or reloading the tab (the browser's own question).
 */
export function UnsavedChangesGuard({ changed }: { changed: boolean }) {
  const { t } = useTranslation();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      changed && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!changed) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [changed]);

  if (blocker.state !== "blocked") return null;
  return (
    <Modal
      title={t("globalSettings.unsaved.title")}
      onClose={() => blocker.reset()}
      testId="unsaved-changes"
      footer={
        <>
          <Button onClick={() => blocker.reset()} testId="unsaved-stay">
            {t("globalSettings.unsaved.stay")}
          </Button>
          <Button tone="danger" onClick={() => blocker.proceed()} testId="unsaved-leave">
            {t("globalSettings.unsaved.leave")}
          </Button>
        </>
      }
    >
      <p>{t("globalSettings.unsaved.body")}</p>
    </Modal>
  );
}
