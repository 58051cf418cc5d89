import {
  CHECKSUM_ALGORITHMS,
  type ChecksumAlgorithm,
  type Item,
  type Resource,
} from "@scriptorium/shared";
import { useQuery } from "@tanstack/react-query";
import type { ParseKeys } from "i18next";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { handleError } from "../../state/handle-error";
import { formatBytes } from "../../lib/format-bytes";
import { asFolder } from "../../lib/paths";
import { fetchChecksum, fetchResource, resourceKey } from "../../api/resource-api";
import { formatAbsolute, formatRelative, parseModified } from "../../lib/format-date";
import { PromptDialog } from "../../prompts/PromptDialog";
import type { PromptProps, SpecOf } from "../../prompts/prompt-specs";
import { infoSectionsSlot } from "../../slots/info";
import "./info.css";

const TYPE_LABELS: Record<string, ParseKeys> = {
  "": "files.types.folder",
  text: "files.types.text",
  textImmutable: "files.types.textImmutable",
  image: "files.types.image",
  audio: "files.types.audio",
  video: "files.types.video",
  pdf: "files.types.pdf",
  blob: "files.types.blob",
  invalid_link: "files.types.invalid_link",
};

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="info__row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** Folder counts: the listing's own, or fetched for a selected folder. */
function useFolderCounts(item: Item | Resource) {
  const known = "numDirs" in item && item.numDirs !== undefined;
  const path = asFolder(item.path);
  const query = useQuery({
    queryKey: resourceKey(path),
    queryFn: ({ signal }) => fetchResource(path, signal),
    enabled: item.isDir && !known,
  });
  const source: Partial<Resource> | undefined = known ? item : query.data;
  return { dirs: source?.numDirs, files: source?.numFiles };
}

/**
 * An image's resolution: listings may leave it out (it means opening every image), so a
 * single GET of the image, which always has it, fills it in.
 */
function useResolution(item: Item | Resource) {
  const wanted = !item.isDir && item.type === "image" && !item.resolution;
  const query = useQuery({
    queryKey: resourceKey(item.path),
    queryFn: ({ signal }) => fetchResource(item.path, signal),
    enabled: wanted,
  });
  return item.resolution ?? query.data?.resolution;
}

/** One checksum, computed by the server when asked for (it reads the whole file). */
function Checksum({ path, algo }: { path: string; algo: ChecksumAlgorithm }) {
  const { t } = useTranslation();
  const [state, setState] = useState<"idle" | "busy" | { hex: string }>("idle");
  const testId = `info-checksum-${algo}`;
  if (typeof state === "object") {
    return (
      <code className="info__hash" data-testid={testId} data-state="done" dir="ltr">
        {state.hex}
      </code>
    );
  }
  const compute = () => {
    setState("busy");
    fetchChecksum(path, algo)
      .then((hex) => setState({ hex }))
      .catch((err: unknown) => {
        setState("idle");
        handleError(err);
      });
  };
  return (
    <button
      type="button"
      className="button button--flat info__compute"
      data-testid={testId}
      data-state={state}
      disabled={state === "busy"}
      onClick={compute}
    >
      {t(state === "busy" ? "prompts.calculating" : "prompts.calculate")}
    </button>
  );
}

/** Several selected items: how many, how many folders and files, the files' total size. */
function SelectionInfo({ items }: { items: readonly Item[] }) {
  const { t, i18n } = useTranslation();
  const dirs = items.filter((item) => item.isDir).length;
  const bytes = items.reduce((sum, item) => sum + (item.isDir ? 0 : item.size), 0);
  return (
    <PromptDialog title={t("prompts.fileInfo")} testId="prompt-info">
      <p data-testid="info-count">{t("header.selected", { count: items.length })}</p>
      <dl className="info">
        <Row label={t("prompts.numberDirs")}>
          <span data-testid="info-dirs">{dirs}</span>
        </Row>
        <Row label={t("prompts.numberFiles")}>
          <span data-testid="info-files">{items.length - dirs}</span>
        </Row>
        <Row label={t("prompts.size")}>
          <bdi data-testid="info-size">{formatBytes(bytes)}</bdi>
          {bytes >= 1024 && (
            <span className="muted">
              {" "}
              ({t("prompts.bytes", { bytes: bytes.toLocaleString(i18n.language) })})
            </span>
          )}
        </Row>
      </dl>
    </PromptDialog>
  );
}

/**
 * File information (SPEC.md §2): details, folder counts, checksums on request, then what other
 * features add through slots/info.ts (a file's history).
 */
export function InfoPrompt({ spec }: PromptProps<SpecOf<"info">>) {
  if (spec.items) return <SelectionInfo items={spec.items} />;
  return <ItemInfo item={spec.item} />;
}

function ItemInfo({ item }: { item: Item | Resource }) {
  const { t, i18n } = useTranslation();
  const counts = useFolderCounts(item);
  const resolution = useResolution(item);
  const time = parseModified(item.modified);
  const type = item.isDir ? "" : item.type;
  const pending = "…";

  return (
    <PromptDialog title={t("prompts.fileInfo")} testId="prompt-info">
      <dl className="info">
        <Row label={t("prompts.displayName")}>
          <bdi data-testid="info-name">{item.name}</bdi>
        </Row>
        <Row label={t("prompts.type")}>{t(TYPE_LABELS[type] ?? "files.types.blob")}</Row>
        {!item.isDir && (
          <Row label={t("prompts.size")}>
            <bdi data-testid="info-size">{formatBytes(item.size)}</bdi>
            {item.size >= 1024 && (
              <span className="muted">
                {" "}
                ({t("prompts.bytes", { bytes: item.size.toLocaleString(i18n.language) })})
              </span>
            )}
          </Row>
        )}
        {resolution && (
          <Row label={t("prompts.resolution")}>
            <bdi data-testid="info-resolution">{`${resolution.width} × ${resolution.height}`}</bdi>
          </Row>
        )}
        <Row label={t("prompts.lastModified")}>
          <time dateTime={item.modified} title={item.modified}>
            {formatAbsolute(time, i18n.language)}
          </time>{" "}
          <span className="muted">({formatRelative(time, i18n.language)})</span>
        </Row>
        <Row label={t("prompts.path")}>
          <code className="info__path" dir="ltr">
            {item.path}
          </code>
        </Row>
        {item.isDir && (
          <>
            <Row label={t("prompts.numberDirs")}>
              <span data-testid="info-dirs">{counts.dirs ?? pending}</span>
            </Row>
            <Row label={t("prompts.numberFiles")}>
              <span data-testid="info-files">{counts.files ?? pending}</span>
            </Row>
          </>
        )}
      </dl>
      {!item.isDir && item.type !== "invalid_link" && (
        <>
          <h3 className="info__subtitle">{t("prompts.checksums")}</h3>
          <dl className="info">
            {CHECKSUM_ALGORITHMS.map((algo) => (
              <Row key={algo} label={algo.toUpperCase()}>
                <Checksum path={item.path} algo={algo} />
              </Row>
            ))}
          </dl>
        </>
      )}
      {infoSectionsSlot.get().map((Section, index) => (
        <Section key={index} item={item} />
      ))}
    </PromptDialog>
  );
}
