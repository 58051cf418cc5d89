import { useTranslation } from "react-i18next";
import type { ComponentProps } from "react";
import { Link } from "react-router";
import { Crumbs } from "../../components/Crumbs";
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
  const home = (
    <CrumbLink to="/files/" className="crumbs__item" aria-label={t("sidebar.myFiles")}>
      <Icon name="home" size={20} />
    </CrumbLink>
  );
  return (
    <Crumbs
      className="breadcrumbs"
      testId="breadcrumbs"
      root={home}
      crumbs={breadcrumbs(path)}
      link={CrumbLink}
    />
  );
}
