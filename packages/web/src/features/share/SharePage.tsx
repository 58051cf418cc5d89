import { useLocation } from "react-router";
import { FileShareView } from "./FileShareView";
import { FolderShareView } from "./FolderShareView";
import { DropBoxView } from "./DropBoxView";
import { shareUrls } from "./public-share-api";
import { ShareMessage } from "./ShareMessage";
import { SharePasswordForm } from "./SharePasswordForm";
import { parseShareLocation } from "./share-location";
import { sharePassword, usePublicShare } from "./use-public-share";
import "./share-page.css";

/**
 * /share/{hash}{path}: the public page of a link (SPEC.md §2). No login: the password prompt
 * on a 401, then a file, a folder, or a drop box.
 */
export function SharePage() {
  const { pathname } = useLocation();
  const { hash, path } = parseShareLocation(pathname);
  const { state, submit, refresh } = usePublicShare(hash, path);

  let content;
  if (state.kind === "loading") {
    content = <div className="share-page__loading" data-testid="share-loading" aria-busy="true" />;
  } else if (state.kind === "password") {
    content = <SharePasswordForm wrong={state.wrong} busy={state.busy} onSubmit={submit} />;
  } else if (state.kind === "error") {
    content = <ShareMessage error={state.error} onRetry={refresh} />;
  } else {
    const { share } = state;
    const urls = shareUrls(hash, share.token);
    if (share.share.mode === "upload") {
      content = (
        <DropBoxView hash={hash} share={share} password={sharePassword(hash)} onArrived={refresh} />
      );
    } else if (share.isDir) {
      content = <FolderShareView key={path} hash={hash} path={path} share={share} urls={urls} />;
    } else {
      content = <FileShareView share={share} path={path} urls={urls} />;
    }
  }
  return (
    <div className="share-page" data-testid="share-page">
      {content}
    </div>
  );
}
