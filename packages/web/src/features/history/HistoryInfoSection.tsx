import type { Item, Resource } from "@scriptorium/shared";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/Button";
import { Icon } from "../../components/Icon";
import { HistoryDialog, VersionsBody, type Comparison } from "./HistoryDialog";

/**
 * The History section of a file's info dialog (slots/info.ts): its versions with their actions;
 * a comparison opens the history dialog on that diff, above the info dialog.
 */
export function HistoryInfoSection({ item }: { item: Item | Resource }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<{ initial: Comparison | null } | null>(null);
  if (item.isDir || item.type === "invalid_link") return null;
  return (
    <section className="history-info" data-testid="info-history">
      <div className="history-info__head">
        <h3 className="info__subtitle">{t("history.title")}</h3>
        <Button tone="flat" testId="info-history-open" onClick={() => setOpen({ initial: null })}>
          <Icon name="history" size={18} /> {t("history.openFull")}
        </Button>
      </div>
      <VersionsBody path={item.path} onCompare={(from, to) => setOpen({ initial: { from, to } })} />
      {open && (
        <HistoryDialog
          path={item.path}
          name={item.name}
          initial={open.initial}
          onClose={() => setOpen(null)}
        />
      )}
    </section>
  );
}
