import { useTranslation } from "react-i18next";
import { Icon } from "../../components/Icon";
import { formatBytes } from "../../lib/format-bytes";
import type { DropItem } from "./use-drop-box";

/** Each file the visitor sent: its progress, then what became of it. */
export function DropBoxList({
  items,
  onCancel,
}: {
  items: readonly DropItem[];
  onCancel: (id: number) => void;
}) {
  const { t } = useTranslation();
  if (items.length === 0) return null;
  return (
    <ul className="share-uploads" aria-label={t("sharePage.uploads")} data-testid="share-uploads">
      {items.map((item) => {
        const percent = item.size > 0 ? Math.floor((item.sent / item.size) * 100) : 100;
        const pending = item.state === "queued" || item.state === "active";
        return (
          <li
            key={item.id}
            className={`share-upload share-upload--${item.state}`}
            data-testid="share-upload"
            data-name={item.name}
            data-state={item.state}
          >
            <div className="share-upload__row">
              <span className="share-upload__name">{item.name}</span>
              <span className="share-upload__size">{formatBytes(item.size)}</span>
              {pending && (
                <button
                  type="button"
                  className="icon-button"
                  aria-label={t("sharePage.cancelUpload", { name: item.name })}
                  onClick={() => onCancel(item.id)}
                >
                  <Icon name="close" size={18} />
                </button>
              )}
            </div>
            {item.state === "active" && (
              <progress
                className="share-upload__bar"
                max={100}
                value={percent}
                aria-label={t("sharePage.progress", { name: item.name })}
              />
            )}
            <p className="share-upload__state" data-testid="share-upload-state">
              {item.state === "active"
                ? `${percent} %`
                : item.state === "failed"
                  ? t("sharePage.states.failed", { message: item.message ?? "" })
                  : t(`sharePage.states.${item.state}`)}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
