import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { activityKey, fetchActivity } from "../../api/activity-api";
import { Button } from "../../components/Button";
import { ListQueryView } from "../../components/ListQueryView";
import { isolatePath } from "../../lib/paths";
import { PromptDialog, type PromptProps, type SpecOf } from "../../prompts";
import { ActivityList } from "./ActivityList";
import "./activity.css";

/** Entries asked for at first, and added by each "Show older entries". */
export const ACTIVITY_PAGE = 50;
/** The most the route gives at once. */
const ACTIVITY_MAX = 1000;

/**
 * A folder's activity (issue 29): who did what in it and below it, newest first, as far as the
 * viewer may see; older entries on demand. Live changes reload it (LiveFolder).
 */
export function ActivityDialog({ spec, close }: PromptProps<SpecOf<"activity">>) {
  const { t } = useTranslation();
  const { folder } = spec;
  const [limit, setLimit] = useState(ACTIVITY_PAGE);
  const query = useQuery({
    queryKey: activityKey(folder, limit),
    queryFn: ({ signal }) => fetchActivity(folder, { limit }, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
  // A full page may have more behind it.
  const more = query.isSuccess && query.data.length >= limit && limit < ACTIVITY_MAX;

  return (
    <PromptDialog title={t("activity.title")} testId="prompt-activity" close={close}>
      <div className="activity" data-testid="activity">
        <p className="activity__intro muted">
          {t("activity.intro", { path: isolatePath(folder) })}
        </p>
        <ListQueryView
          query={query}
          error={{
            text: t("activity.loadError"),
            className: "activity__error",
            testId: "activity-error",
          }}
          empty={{ text: t("activity.empty"), testId: "activity-empty" }}
        >
          {(entries) => <ActivityList entries={entries} folder={folder} onOpen={close} />}
        </ListQueryView>
        {more && (
          <div className="activity__more">
            <Button
              testId="activity-more"
              disabled={query.isFetching}
              onClick={() => setLimit((shown) => Math.min(shown + ACTIVITY_PAGE, ACTIVITY_MAX))}
            >
              {t("activity.loadMore")}
            </Button>
          </div>
        )}
      </div>
    </PromptDialog>
  );
}
