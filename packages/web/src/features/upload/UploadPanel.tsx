import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "../../components/Icon";
import { IconButton } from "../../components/IconButton";
import { formatBytes } from "../../lib/format-bytes";
import { isolatePath } from "../../lib/paths";
import { showPrompt } from "../../prompts";
import {
  etaSeconds,
  formatEta,
  formatSpeed,
  percentDone,
  sampleSpeed,
  SPEED_SAMPLE_MS,
  startSpeed,
  type SpeedState,
} from "./speed";
import {
  abortAllUploads,
  abortUpload,
  canPause,
  dismissUploads,
  pauseUpload,
  resumeUpload,
  retryUpload,
  sentBytes,
  toggleUploadPanel,
  totalBytes,
  useUploadStore,
} from "./upload-store";
import type { UploadJob } from "../../api/upload-types";

/** Rows drawn at most; a folder of thousands of files shows the first ones and a count. */
const MAX_ROWS = 200;

/**
 * One file's own speed (MB/s, sampled and smoothed as the batch's is) while it is sent: the
 * panel redraws on each progress event, and a sample is taken when a second has gone by.
 */
function useJobSpeed(job: UploadJob): number {
  const state = useRef<SpeedState | null>(null);
  if (job.state !== "active") {
    state.current = null;
    return 0;
  }
  const now = Date.now();
  if (state.current === null) state.current = startSpeed(job.sent, now);
  else if (now - state.current.time >= SPEED_SAMPLE_MS)
    state.current = sampleSpeed(state.current, job.sent, now);
  return state.current.speed;
}

function UploadItem({ job, onAbort }: { job: UploadJob; onAbort: (job: UploadJob) => void }) {
  const { t } = useTranslation();
  const percent = job.state === "done" ? 100 : percentDone(job.sent, job.size);
  const pending = job.state === "queued" || job.state === "active" || job.state === "paused";
  const speed = useJobSpeed(job);
  return (
    <li
      className={`upload-item upload-item--${job.state}`}
      data-testid="upload-item"
      data-name={job.name}
      data-state={job.state}
    >
      <div className="upload-item__line">
        <Icon name={job.type === "dir" ? "folder" : "file"} size={18} />
        <bdi className="upload-item__name" title={job.name}>
          {job.name}
        </bdi>
        <span className="upload-item__state">
          {job.state === "active" ? `${percent}%` : t(`upload.states.${job.state}`)}
        </span>
        {job.state === "active" && canPause(job.id) && (
          <IconButton
            icon="pause"
            iconSize={16}
            className="upload-item__abort"
            label={t("upload.pause", { name: job.name })}
            testId="upload-item-pause"
            onClick={() => pauseUpload(job.id)}
          />
        )}
        {job.state === "paused" && (
          <IconButton
            icon="resume"
            iconSize={16}
            className="upload-item__abort"
            label={t("upload.resume", { name: job.name })}
            testId="upload-item-resume"
            onClick={() => resumeUpload(job.id)}
          />
        )}
        {pending && (
          <IconButton
            icon="close"
            iconSize={16}
            className="upload-item__abort"
            label={t("upload.abortOne", { name: job.name })}
            testId="upload-item-abort"
            onClick={() => onAbort(job)}
          />
        )}
        {job.state === "error" && (
          <IconButton
            icon="history"
            iconSize={16}
            className="upload-item__abort"
            label={t("upload.retry", { name: job.name })}
            testId="upload-item-retry"
            onClick={() => retryUpload(job.id)}
          />
        )}
      </div>
      {job.error ? (
        <p className="upload-item__error" role="alert">
          {job.error}
        </p>
      ) : (
        <div className="upload-bar" aria-hidden="true">
          <div className="upload-bar__fill" style={{ width: `${percent}%` }} />
        </div>
      )}
      {job.state === "active" && speed > 0 && (
        <p className="upload-item__stats muted" data-testid="upload-item-stats">
          <span>{t("upload.speed", { speed: formatSpeed(speed) })}</span>
          <span title={t("upload.etaLabel")}>
            {t("upload.eta", { eta: formatEta(etaSeconds(job.size - job.sent, speed)) })}
          </span>
        </p>
      )}
    </li>
  );
}

/**
 * The upload panel (SPEC.md §2, §9): file count, speed, ETA, percent and bytes of the batch,
 * a bar per file, collapse, and abort with a confirmation. Every upload shows it, small ones
 * too (issue 31): after a batch it stays a moment with its close button, and with the failed
 * files (each with a retry button) until closed. What it says is not announced as it changes;
 * the start and the end of a batch are, through the polite live region (upload-store.ts).
 */
export function UploadPanel() {
  const { t } = useTranslation();
  const jobs = useUploadStore((state) => state.jobs);
  const status = useUploadStore((state) => state.status);
  const speed = useUploadStore((state) => state.speed);
  const collapsed = useUploadStore((state) => state.collapsed);
  if (jobs.length === 0) return null;

  const uploading = status === "uploading";
  const sent = sentBytes(jobs);
  const total = totalBytes(jobs);
  const files = jobs.filter((job) => job.type === "file").length;
  const finished = jobs.filter((job) => job.state === "done" || job.state === "error").length;
  const percent = total > 0 ? percentDone(sent, total) : percentDone(finished, jobs.length);
  const eta = formatEta(etaSeconds(total - sent, speed));

  const confirm = (message: string, onConfirm: () => void) =>
    showPrompt({
      name: "confirm",
      title: t("upload.abortTitle"),
      message,
      confirmLabel: t("upload.abort"),
      onConfirm,
    });
  const abortAll = () => confirm(t("upload.abortMessage"), () => void abortAllUploads());
  const abortOne = (job: UploadJob) =>
    confirm(
      t("upload.abortOneMessage", { name: isolatePath(job.name) }),
      () => void abortUpload(job.id),
    );

  return (
    <section
      className={`upload-panel${collapsed ? " upload-panel--collapsed" : ""}`}
      aria-label={t("upload.panel")}
      data-testid="upload-panel"
      data-status={status}
    >
      <div className="upload-panel__head">
        <div className="upload-panel__title">
          <strong data-testid="upload-count">{t("upload.fileCount", { count: files })}</strong>
          <span data-testid="upload-percent">{percent}%</span>
        </div>
        <IconButton
          icon={collapsed ? "arrowUp" : "arrowDown"}
          iconSize={20}
          aria-expanded={!collapsed}
          label={t(collapsed ? "upload.expand" : "upload.collapse")}
          testId="upload-panel-toggle"
          onClick={toggleUploadPanel}
        />
        <IconButton
          icon="close"
          iconSize={20}
          label={uploading ? t("upload.abort") : t("buttons.close")}
          testId={uploading ? "upload-abort" : "upload-dismiss"}
          onClick={uploading ? abortAll : dismissUploads}
        />
      </div>
      <div className="upload-panel__stats" aria-live="off">
        <span data-testid="upload-bytes">
          {t("upload.bytes", { sent: formatBytes(sent), total: formatBytes(total) })}
        </span>
        {uploading && (
          <>
            <span data-testid="upload-speed">
              {t("upload.speed", { speed: formatSpeed(speed) })}
            </span>
            <span data-testid="upload-eta" title={t("upload.etaLabel")}>
              {t("upload.eta", { eta })}
            </span>
          </>
        )}
      </div>
      <div className="upload-bar upload-panel__bar" aria-hidden="true">
        <div className="upload-bar__fill" style={{ width: `${percent}%` }} />
      </div>
      {!collapsed && (
        <ul className="upload-panel__items">
          {jobs.slice(0, MAX_ROWS).map((job) => (
            <UploadItem key={job.id} job={job} onAbort={abortOne} />
          ))}
          {jobs.length > MAX_ROWS && (
            <li className="upload-panel__more muted">
              {t("upload.more", { count: jobs.length - MAX_ROWS })}
            </li>
          )}
        </ul>
      )}
    </section>
  );
}
