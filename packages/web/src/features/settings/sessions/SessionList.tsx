import type { SessionInfo } from "@scriptorium/shared";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import { useClock } from "../../../lib/use-clock";
import { endable, groupSessions, type SessionGroup } from "./session-groups";
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

/** "Firefox on Linux" in the page's language, from the parts the server recognised. */
export function deviceName(t: TFunction, s: SessionInfo): string {
  if (s.browser && s.system)
    return t("settings.sessions.device", { browser: s.browser, system: s.system });
  return s.browser ?? s.system ?? (s.device || t("settings.sessions.unknownDevice"));
}

/**
 * What a group's button says: the device (and the address when another group has the same
 * device), so that every button of the list has its own name; undefined when there is nothing
 * to end (this device alone).
 */
export function endLabel(t: TFunction, group: SessionGroup): string | undefined {
  const count = endable(group).length;
  if (count === 0) return undefined;
  const device = group.sameDeviceElsewhere
    ? t("settings.sessions.deviceAt", {
        device: deviceName(t, group.newest),
        address: group.newest.address,
      })
    : deviceName(t, group.newest);
  if (group.current) {
    return count === 1
      ? t("settings.sessions.endOtherHere", { device })
      : t("settings.sessions.endOthersHere", { device, count });
  }
  return count === 1
    ? t("settings.sessions.endOne", { device })
    : t("settings.sessions.endGroup", { device, count });
}

/**
 * Logins grouped by device and address (issue 31), each group with its count and last use,
 * this device's first; `onEnd` adds to each group a button ending its sessions (for this
 * device's group, the others).
 */
export function SessionList({
  sessions,
  onEnd,
  testId,
}: {
  sessions: SessionInfo[];
  onEnd?: (sessions: SessionInfo[]) => void;
  testId: string;
}) {
  const { t, i18n } = useTranslation();
  useClock();
  if (sessions.length === 0) return <p className="muted">{t("settings.sessions.none")}</p>;
  return (
    <ul className="sessions" data-testid={testId}>
      {groupSessions(sessions).map((group) => {
        const { newest } = group;
        const label = onEnd ? endLabel(t, group) : undefined;
        const count = group.sessions.length;
        return (
          <li
            key={group.key}
            className="sessions__item"
            data-testid={`${testId}-item`}
            data-count={count}
          >
            <span className="sessions__device" title={newest.userAgent}>
              {deviceName(t, newest)}
              {count > 1 && (
                <span className="sessions__count" data-testid={`${testId}-count`}>
                  <span aria-hidden="true"> ×{count}</span>
                  <span className="visually-hidden">
                    {" "}
                    {t("settings.sessions.count", { count })}
                  </span>
                </span>
              )}
              {group.current && (
                <strong className="sessions__current"> · {t("settings.sessions.current")}</strong>
              )}
            </span>
            <span className="sessions__meta muted">
              {newest.address && (
                <>
                  <span dir="ltr">{newest.address}</span> ·{" "}
                </>
              )}
              <time
                dateTime={newest.lastUsedAt}
                title={new Date(newest.lastUsedAt).toLocaleString(i18n.language)}
              >
                {t("settings.sessions.lastUsed", { when: ago(newest.lastUsedAt, i18n.language) })}
              </time>
            </span>
            {onEnd && label && (
              <button
                type="button"
                className="button button--flat sessions__end"
                onClick={() => onEnd(endable(group))}
                data-testid={`${testId}-end`}
              >
                {label}
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
