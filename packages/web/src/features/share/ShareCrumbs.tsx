import { Link } from "react-router";
import { Crumbs } from "../../components/Crumbs";
import { Icon } from "../../components/Icon";
import { breadcrumbs, encodePath } from "../../lib/paths";
import { shareFolderRoute } from "./share-location";

/** The link's root (the shared folder's name) and the levels below it down to `path`. */
export function ShareCrumbs({ hash, name, path }: { hash: string; name: string; path: string }) {
  const root = shareFolderRoute(hash, "/");
  const crumbs = breadcrumbs(encodePath(path), root.replace(/\/$/, ""));
  const rootLink = (
    <Link
      to={root}
      className="crumbs__item"
      aria-current={crumbs.length === 0 ? "page" : undefined}
    >
      <Icon name="folder" size={18} />
      <span>{name}</span>
    </Link>
  );
  return <Crumbs className="share-crumbs" testId="share-crumbs" root={rootLink} crumbs={crumbs} />;
}
