import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { sentBytes, totalBytes, useUploadStore } from "./upload-store";
import { percentDone } from "./speed";
import { UploadPanel } from "./UploadPanel";
import "./upload.css";

/** The thin bar at the top of the page while uploads run (SPEC.md §2). */
function UploadProgressBar() {
  const { t } = useTranslation();
  const uploading = useUploadStore((state) => state.status === "uploading");
  const percent = useUploadStore((state) =>
    percentDone(sentBytes(state.jobs), totalBytes(state.jobs)),
  );
  if (!uploading) return null;
  return (
    <div
      className="upload-progress"
      role="progressbar"
      aria-label={t("upload.progress")}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      data-testid="upload-progress"
    >
      <div className="upload-progress__fill" style={{ width: `${percent}%` }} />
    </div>
  );
}

/**
 * Everything uploads show outside the listing: the panel, the top bar, the leave warning while
 * uploads run (SPEC.md §4), and the listing reload after a batch or an abort.
 */
export function UploadStatus() {
  const queryClient = useQueryClient();
  const uploading = useUploadStore((state) => state.status === "uploading");
  const reloads = useUploadStore((state) => state.reloads);

  useEffect(() => {
    if (!uploading) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need returnValue set to show their dialog.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [uploading]);

  useEffect(() => {
    if (reloads > 0) void queryClient.invalidateQueries({ queryKey: ["resource"] });
  }, [reloads, queryClient]);

  return (
    <>
      <UploadProgressBar />
      <UploadPanel />
    </>
  );
}
