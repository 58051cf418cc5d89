import { isToolLogName, type Resource } from "@scriptorium/shared";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, useLocation } from "react-router";
import { isStatusError } from "../../api/errors";
import { handleError } from "../../state/handle-error";
import { Icon } from "../../components/Icon";
import { decodePath } from "../../lib/paths";
import { ErrorView } from "../../components/ErrorView";
import { enterScope, leaveScope } from "../../state/selection-store";
import { fileViewsSlot } from "../../slots/files";
import { Breadcrumbs } from "./Breadcrumbs";
import { setCurrentResource } from "../../state/current-resource";
import { isDataMismatch, useResource } from "../../api/resource-api";
import { clearListingHead, isListingHead, useListingHead } from "../../api/early-listing";
import "./files.css";

/**
 * A folder → the listing; a tool's log → the log viewer; a text file → the editor; any other
 * file → the preview (each view comes through the files page's slot, slots/files.ts).
 */
function ResourceView({ resource, path }: { resource: Resource; path: string }) {
  const { Folder, ToolLog, Editor, Preview } = fileViewsSlot.get();
  if (resource.isDir) return <Folder resource={resource} path={path} />;
  // Without the download permission the server withholds a text file's content: the editor
  // would show it empty (and a save would wipe it), so such a file gets the preview instead.
  const withheld = resource.content === undefined && resource.size > 0;
  // A tool's log (`m2hv.OUT.log`) opens read-only, its diagnostics linked to the source.
  if (isToolLogName(resource.name) && !withheld) return <ToolLog resource={resource} />;
  if ((resource.type === "text" || resource.type === "textImmutable") && !withheld) {
    return <Editor resource={resource} />;
  }
  return <Preview resource={resource} />;
}

/** /files/*: fetches the resource of the path and shows it (SPEC.md §2). */
export function FilesPage() {
  const { pathname, search } = useLocation();
  // Folder URLs end with a slash; the root is always a folder.
  if (pathname === "/files") return <Navigate to={`/files/${search}`} replace />;
  const routePath = pathname.slice("/files".length) || "/";
  return <FilesContent routePath={routePath} />;
}

function FilesContent({ routePath }: { routePath: string }) {
  const { t } = useTranslation();
  const path = decodePath(routePath);
  const query = useResource(path);
  // Until the whole listing is parsed, a big folder opened by its URL shows its first rows from
  // the start of the answer (api/early-listing.ts); the same rows stay once it is whole.
  const head = useListingHead(path);
  const resource = query.data ?? (query.error ? undefined : head);
  const mismatch = resource !== undefined && isDataMismatch(path, resource);
  useEffect(() => () => clearListingHead(path), [path]);

  // The selection belongs to this path: it resets on route change (SPEC.md §2).
  useEffect(() => {
    enterScope(path);
    return leaveScope;
  }, [path]);
  // A new folder or file starts at its top. (Braces: scrollTo returns a promise in newer
  // browsers, and an effect may only return its clean-up function.)
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [path]);

  // What actions (info, new file, select all) work on: the whole listing, not its head.
  const shown = resource && !mismatch && !isListingHead(resource) ? resource : undefined;
  useEffect(() => {
    setCurrentResource(shown ? { path, resource: shown } : null);
    return () => setCurrentResource(null);
  }, [path, shown]);

  const error = query.error;
  const handled = error && !isStatusError(error, 404) && !isStatusError(error, 403);
  useEffect(() => {
    if (handled) handleError(error);
  }, [handled, error]);

  let content;
  if (isStatusError(error, 404)) content = <ErrorView code={404} />;
  else if (isStatusError(error, 403)) content = <ErrorView code={403} />;
  else if (error) {
    content = (
      <div className="files__message card" data-testid="files-error">
        <Icon name="alert" size={40} />
        <p>{t("files.loadError")}</p>
        <button type="button" className="button" onClick={() => void query.refetch()}>
          {t("buttons.retry")}
        </button>
      </div>
    );
  } else if (!resource) {
    content = (
      <div className="files__loading" role="status" data-testid="files-loading">
        <span className="spinner" aria-hidden="true" />
        <span>{t("files.loading")}</span>
      </div>
    );
  } else if (mismatch) {
    content = (
      <div className="files__message card" role="alert" data-testid="data-mismatch">
        <Icon name="alert" size={40} />
        <p>{t("files.dataMismatch")}</p>
      </div>
    );
  } else {
    content = <ResourceView key={path} resource={resource} path={path} />;
  }

  return (
    <section className="files" data-testid="files-page">
      <Breadcrumbs path={routePath} />
      {content}
    </section>
  );
}
