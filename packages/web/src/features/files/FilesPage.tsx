import { useTranslation } from "react-i18next";
import { Link, Navigate, useLocation } from "react-router";
import { Icon } from "../../components/Icon";
import { breadcrumbs } from "../../lib/breadcrumbs";
import "./files.css";

/** /files/*: breadcrumbs of the current path; the listing itself arrives with the next issue. */
export function FilesPage() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  // Folder URLs end with a slash; the root is always a folder.
  if (pathname === "/files") return <Navigate to={`/files/${search}`} replace />;
  const crumbs = breadcrumbs(pathname.slice("/files".length));

  return (
    <section className="files" data-testid="files-page">
      <nav className="breadcrumbs" aria-label={t("files.breadcrumbs")} data-testid="breadcrumbs">
        <Link to="/files/" className="breadcrumbs__item" aria-label={t("sidebar.myFiles")}>
          <Icon name="home" size={20} />
        </Link>
        {crumbs.map((crumb, index) => (
          <span key={`${index}-${crumb.to}`} className="breadcrumbs__part">
            <Icon name="chevron" size={16} className="breadcrumbs__sep" />
            {crumb.to ? (
              <Link
                to={crumb.to}
                className="breadcrumbs__item"
                aria-current={index === crumbs.length - 1 ? "page" : undefined}
              >
                {crumb.name}
              </Link>
            ) : (
              <span className="breadcrumbs__item">{crumb.name}</span>
            )}
          </span>
        ))}
      </nav>
      <div className="files__empty card" data-testid="files-empty">
        <Icon name="folder" size={48} />
        <p>{t("files.comingSoon")}</p>
      </div>
    </section>
  );
}
