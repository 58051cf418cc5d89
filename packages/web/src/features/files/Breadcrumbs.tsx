import { useTranslation } from "react-i18next";
import type { ComponentProps } from "react";
import { Link } from "react-router";
import { Icon } from "../../components/Icon";
import { breadcrumbs, decodePath } from "../../lib/paths";
import { useFolderDrop } from "../../slots/listing";

/** A crumb link that takes items dragged from the listing (features/organise). */
function CrumbLink({ to, ...props }: ComponentProps<typeof Link> & { to: string }) {
  const drop = useFolderDrop(decodePath(to.slice("/files".length)));
  return <Link to={to} {...props} {...drop} />;
}

/** The home link and the last 3 levels of `path` (the percent-encoded part after /files). */
export function Breadcrumbs({ path }: { path: string }) {
  const { t } = useTranslation();
  const crumbs = breadcrumbs(path);
  return (
    <nav className="breadcrumbs" aria-label={t("files.breadcrumbs")} data-testid="breadcrumbs">
      <CrumbLink to="/files/" className="breadcrumbs__item" aria-label={t("sidebar.myFiles")}>
        <Icon name="home" size={20} />
      </CrumbLink>
      {crumbs.map((crumb, index) => (
        <span key={`${index}-${crumb.to}`} className="breadcrumbs__part">
          <Icon name="chevron" size={16} className="breadcrumbs__sep" />
          {crumb.to ? (
            <CrumbLink
              to={crumb.to}
              className="breadcrumbs__item"
              aria-current={index === crumbs.length - 1 ? "page" : undefined}
            >
              {crumb.name}
            </CrumbLink>
          ) : (
            <span className="breadcrumbs__item">{crumb.name}</span>
          )}
        </span>
      ))}
    </nav>
  );
}
