import type { LiveChange, Resource } from "@scriptorium/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ACTIVITY_KEY } from "../../api/activity-api";
import { wroteLately } from "../../api/local-writes";
import { resourceKey } from "../../api/resource-api";
import { Icon } from "../../components/Icon";
import { isVisitor, liveSentence } from "../../lib/activity-labels";
import { baseName } from "../../lib/paths";
import { announce } from "../../state/announcer";
import { useUser } from "../../state/auth-store";
import { changedName, isReflected, touchesFolder, touchesTree } from "./live-folder";
import { subscribeLive } from "./live-events";
import { captureAnchor, restoreAnchor, type ScrollAnchor } from "./scroll-anchor";
import "./live-folder.css";

/** A change of one's own is looked at this long after it came, once this tab has reloaded. */
export const OWN_CHANGE_DELAY_MS = 1500;
/** A change of one's own this close to a write of this tab is taken for that write's. */
export const OWN_WRITE_WINDOW_MS = 3000;
/** Changes that come this close together reload the listing once. */
const BATCH_MS = 250;
/** How long a notice stays. */
const NOTICE_MS = 8000;

interface Notice {
  text: string;
  /** Changes noticed since the notice appeared, beside the one it says. */
  more: number;
}

interface LiveFolderProps {
  /** The listing's path, as in its query key. */
  path: string;
  resource: Resource;
}

/**
 * An open listing kept up to date (issue 29): a change someone else made in this folder (or
 * the user in another tab) reloads it in place, selection and scroll kept, and a quiet line
 * says what happened, also to screen readers (the page's polite live region). A change this
 * tab made (api/local-writes.ts) is already on screen, or soon, and says nothing.
 */
export function LiveFolder({ path, resource }: LiveFolderProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const me = useUser()?.username;
  const [notice, setNotice] = useState<Notice | null>(null);
  const anchor = useRef<ScrollAnchor | null>(null);

  useEffect(() => {
    let batch: ReturnType<typeof setTimeout> | undefined;
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const reload = () => {
      if (batch !== undefined) return;
      batch = setTimeout(() => {
        batch = undefined;
        anchor.current ??= captureAnchor();
        void queryClient.invalidateQueries({ queryKey: resourceKey(path), exact: true });
      }, BATCH_MS);
    };
    const tell = (change: LiveChange) => {
      const user = isVisitor(change) ? t("activity.visitor") : change.user;
      const text = t(liveSentence(change.action), {
        user,
        name: changedName(change, path),
        from: baseName(change.path),
        to: change.to === undefined ? "" : baseName(change.to),
      });
      announce(text);
      setNotice((shown) => ({ text, more: shown ? shown.more + 1 : 0 }));
    };
    const noticed = (change: LiveChange) => {
      reload();
      tell(change);
    };
    /**
     * One's own change: nothing when this tab already shows it; a quiet reload when this tab
     * was writing then (an upload batch reloads only at its end); else another tab made it,
     * which is news.
     */
    const checkOwn = (change: LiveChange, mine: boolean, tries = 3) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        const key = resourceKey(path);
        if (queryClient.isFetching({ queryKey: key, exact: true }) > 0 && tries > 1) {
          checkOwn(change, mine, tries - 1);
          return;
        }
        const items = queryClient.getQueryData<Resource>(key)?.items ?? [];
        if (isReflected(change, path, items)) return;
        if (mine) reload();
        else noticed(change);
      }, OWN_CHANGE_DELAY_MS);
      timers.add(timer);
    };
    const unsubscribe = subscribeLive({
      change: (change) => {
        if (touchesTree(change, path)) {
          void queryClient.invalidateQueries({ queryKey: ACTIVITY_KEY });
        }
        if (!touchesFolder(change, path)) return;
        if (me !== undefined && change.user === me) {
          checkOwn(change, wroteLately(OWN_WRITE_WINDOW_MS));
        } else noticed(change);
      },
      reconnected: reload,
    });
    return () => {
      unsubscribe();
      clearTimeout(batch);
      for (const timer of timers) clearTimeout(timer);
    };
  }, [path, me, queryClient, t]);

  // The reloaded listing is on screen: the item that was first in view goes back in place.
  useLayoutEffect(() => {
    if (!anchor.current) return;
    restoreAnchor(anchor.current);
    anchor.current = null;
  }, [resource]);

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  if (!notice) return null;
  // Screen readers heard it through the live region: this line is for the eyes.
  return (
    <div className="live-notice" data-testid="live-notice" aria-hidden="true">
      <Icon name="activity" size={16} />
      <span className="live-notice__text" data-testid="live-notice-text">
        {notice.text}
      </span>
      {notice.more > 0 && <span className="live-notice__more">+{notice.more}</span>}
      <button
        type="button"
        className="live-notice__close"
        tabIndex={-1}
        title={t("buttons.dismiss")}
        onClick={() => setNotice(null)}
      >
        <Icon name="close" size={14} />
      </button>
    </div>
  );
}
