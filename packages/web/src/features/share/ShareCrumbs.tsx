import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Icon } from "../../components/Icon";
import { breadcrumbs, encodePath } from "../../lib/paths";
import { shareFolderRoute } from "./share-location";

/** The link's root (the shared folder's name) and the levels below it down to `path`. */
export function ShareCrumbs({ hash, name, path }: { hash: string; name: string; path: string }) {
  const { t } = useTranslation();
  const root = shareFolderRoute(hash, "/");
  const crumbs = breadcrumbs(encodePath(path), root.replace(/\/$/, ""));
  return (
    <nav className="share-crumbs" aria-label={t("files.breadcrumbs")} data-testid="share-crumbs">
      <Link
        to={root}
        className="share-crumbs__item"
        aria-current={crumbs.length === 0 ? "page" : undefined}
      >
        <Icon name="folder" size={18} />
        <span>{name}</span>
      </Link>
      {crumbs.map((crumb, index) => (
        <span key={`${index}-${crumb.to}`} className="share-crumbs__part">
          <Icon name="chevron" size={16} className="share-crumbs__sep" />
          {crumb.to ? (
            <Link
              to={crumb.to}
              className="share-crumbs__item"
              aria-current={index === crumbs.length - 1 ? "page" : undefined}
            >
              {crumb.name}
            </Link>
          ) : (
            <span className="share-crumbs__item">{crumb.name}</span>
          )}
        </span>
      ))}
    </nav>
  );
}
