import { useTranslation } from "react-i18next";
import { Icon } from "../Icon";
import { levelsOf } from "../../lib/paths";

/** The folder on display as clickable levels, like the page's breadcrumbs. */
export function FolderPath({ path, onOpen }: { path: string; onOpen: (path: string) => void }) {
  const { t } = useTranslation();
  const levels = levelsOf(path);
  return (
    <nav
      className="folder-picker__path"
      aria-label={t("files.breadcrumbs")}
      data-testid="folder-picker-path"
    >
      <button
        type="button"
        className="folder-picker__level"
        aria-label={t("sidebar.myFiles")}
        title={t("sidebar.myFiles")}
        aria-current={levels.length === 0 ? "location" : undefined}
        onClick={() => onOpen("/")}
      >
        <Icon name="home" size={18} />
      </button>
      {levels.map((level, index) => (
        <span key={level.path} className="folder-picker__part">
          <Icon name="chevron" size={14} className="folder-picker__sep" />
          <button
            type="button"
            className="folder-picker__level"
            aria-current={index === levels.length - 1 ? "location" : undefined}
            onClick={() => onOpen(level.path)}
          >
            <bdi>{level.name}</bdi>
          </button>
        </span>
      ))}
    </nav>
  );
}
