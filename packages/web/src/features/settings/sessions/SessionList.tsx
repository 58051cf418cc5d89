import type { SessionInfo } from "@scriptorium/shared";
import { useTranslation } from "react-i18next";
import { useClock } from "../../../lib/use-clock";
import "./sessions.css";

/** How long ago, in the page's language ("5 minutes ago"). */
function ago(iso: string, locale: string): string {
  const seconds = Math.round((Date.parse(iso) - Date.now()) / 1000);
  const format = new Intl.RelativeTimeFormat(locale, { numeric: "auto" });
  const units: [Intl.RelativeTimeFormatUnit, number][] = [
    ["day", 86_400],
    ["hour", 3_600],
    ["minute", 60],
  ];
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  }
  return format.format(0, "minute");
}

/** A list of logins: device, address, last use; `onEnd` adds an End button to each other one. */
export function SessionList({
  sessions,
  onEnd,
  testId,
}: {
  sessions: SessionInfo[];
  onEnd?: (session: SessionInfo) => void;
  testId: string;
}) {
  const { t, i18n } = useTranslation();
  useClock();
  if (sessions.length === 0) return <p className="muted">{t("settings.sessions.none")}</p>;
  return (
    <ul className="sessions" data-testid={testId}>
      {sessions.map((s) => (
        <li key={s.id} className="sessions__item" data-testid={`${testId}-item`}>
          <span className="sessions__device" title={s.userAgent}>
            {s.device || t("settings.sessions.unknownDevice")}
            {s.current && (
              <strong className="sessions__current"> · {t("settings.sessions.current")}</strong>
            )}
          </span>
          <span className="sessions__meta muted">
            <span dir="ltr">{s.address}</span> ·{" "}
            <time
              dateTime={s.lastUsedAt}
              title={new Date(s.lastUsedAt).toLocaleString(i18n.language)}
            >
              {t("settings.sessions.lastUsed", { when: ago(s.lastUsedAt, i18n.language) })}
            </time>
          </span>
          {onEnd && !s.current && (
            <button
              type="button"
              className="button button--flat"
              onClick={() => onEnd(s)}
              data-testid={`${testId}-end`}
            >
              {t("settings.sessions.end")}
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
