import type { SessionInfo } from "@scriptorium/shared";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/Button";
import { SessionList } from "./SessionList";

interface SessionsSectionProps {
  testId: string;
  /** Undefined while loading. */
  sessions: SessionInfo[] | undefined;
  listTestId: string;
  /** Adds an End button to each other session. */
  onEnd?: (session: SessionInfo) => void;
  /** The card's button: end the other sessions, or all of a user's. */
  action: { label: string; disabled: boolean; onClick: () => void; testId: string };
}

/** A card of logins (the profile's own, a user's on their page) and its one button. */
export function SessionsSection({
  testId,
  sessions,
  listTestId,
  onEnd,
  action,
}: SessionsSectionProps) {
  const { t } = useTranslation();
  return (
    <section className="card" data-testid={testId}>
      <h2 className="card__title">{t("settings.sessions.title")}</h2>
      <div className="card__body">
        {sessions ? (
          <SessionList sessions={sessions} onEnd={onEnd} testId={listTestId} />
        ) : (
          <p className="muted">{t("files.loading")}</p>
        )}
      </div>
      <div className="card__actions">
        <Button disabled={action.disabled} onClick={action.onClick} testId={action.testId}>
          {action.label}
        </Button>
      </div>
    </section>
  );
}
