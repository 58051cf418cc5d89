import type { SessionInfo } from "@scriptorium/shared";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/Button";
import { SessionList } from "./SessionList";

interface SessionsSectionProps {
  testId: string;
  /** Undefined while loading. */
  sessions: SessionInfo[] | undefined;
  listTestId: string;
  /** Adds to each group a button ending its sessions (this device's: the others). */
  onEnd?: (sessions: SessionInfo[]) => void;
  /** The card's button: end the other sessions, or all of a user's. */
  action: { label: string; disabled: boolean; onClick: () => void; testId: string };
}

/**
 * A card of logins (the profile's own, a user's on their page): its one button at the top, where
 * it is found without scrolling past a long list (issue 31), then the logins grouped by device.
 */
export function SessionsSection({
  testId,
  sessions,
  listTestId,
  onEnd,
  action,
}: SessionsSectionProps) {
  const { t } = useTranslation();
  return (
    <section className="card" data-testid={testId} aria-labelledby={`${testId}-title`}>
      <h2 className="card__title" id={`${testId}-title`}>
        {t("settings.sessions.title")}
      </h2>
      <div className="card__body">
        <div className="sessions__actions">
          <Button disabled={action.disabled} onClick={action.onClick} testId={action.testId}>
            {action.label}
          </Button>
        </div>
        {sessions ? (
          <SessionList sessions={sessions} onEnd={onEnd} testId={listTestId} />
        ) : (
          <p className="muted">{t("files.loading")}</p>
        )}
      </div>
    </section>
  );
}
