import { useEffect } from "react";
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

/** Well within the two-hour life of a link's token (API.md Part A §12). */
const TOKEN_REFRESH_MS = 60 * 60 * 1000;

/**
 * /share/{hash}{path}: the public page of a link (SPEC.md §2). No login: the password prompt
 * on a 401, then a file, a folder, or a drop box.
 */
export function SharePage() {
  const { pathname } = useLocation();
  const { hash, path } = parseShareLocation(pathname);
  const { state, submit, refresh } = usePublicShare(hash, path);
  // Tokens of password links live two hours: a page left open gets a fresh one in time.
  const token = state.kind === "ready" ? state.share.token : undefined;
  useEffect(() => {
    if (!token) return;
    const timer = window.setTimeout(refresh, TOKEN_REFRESH_MS);
    return () => window.clearTimeout(timer);
  }, [token, refresh]);

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
