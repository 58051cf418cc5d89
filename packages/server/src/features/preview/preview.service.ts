import type { FastifyBaseLogger } from "fastify";
import { PREVIEW_SIZES, type PreviewSize } from "@scriptorium/shared";
import { AppError, badRequest } from "../../errors.js";
import { createSemaphore } from "../../lib/semaphore.js";
import { extensionOf } from "../../lib/mime.js";
import type { UserRecord } from "../users/users.store.js";
import { detectType } from "../resources/file-type.js";
import { bufferPayload, type Payload } from "../downloads/payload.js";
import type {
  DownloadService,
  DownloadTarget,
  FileDownload,
} from "../downloads/downloads.service.js";
import type { SettingsStore } from "../settings/settings.store.js";
import type { PreviewCache, SourceVersion } from "./preview-cache.js";
import {
  bigIsOriginal,
  outputFormat,
  probe,
  render,
  resizableFormat,
  type OutputFormat,
} from "./resize.js";

const notAnImage = () => new AppError("NOT_IMPLEMENTED", "Previews are available for images only");

/** The file name with the extension of what is actually sent. */
const renamed = (name: string, ext: string) =>
  (extensionOf(name) ? name.slice(0, -extensionOf(name).length) : name) + ext;

/** The payload with the source's modification time, so Last-Modified follows the source. */
const withMtime = (payload: Payload, mtimeMs: number): Payload => ({ ...payload, mtimeMs });

/**
 * GET /api/preview/{thumb|big}{path} (API.md §4): images are resized with sharp, at most
 * `concurrency` at once, and cached on disk; GIF, SVG and formats we do not resize are sent as
 * they are, as are all images when the server turns thumbnails or resized previews off.
 */
export function createPreviewService(deps: {
  downloads: DownloadService;
  settings: SettingsStore;
  cache?: PreviewCache;
  log: FastifyBaseLogger;
  concurrency?: number;
}) {
  const semaphore = createSemaphore(deps.concurrency ?? 4);
  const inFlight = new Map<string, Promise<Buffer>>();

  /** Renders once per version and variant, however many requests ask at the same time. */
  function renderShared(
    target: DownloadTarget,
    version: SourceVersion,
    size: PreviewSize,
    out: OutputFormat,
  ): Promise<Buffer> {
    const key = `${version.abs}\0${version.mtimeNs}\0${version.size}\0${size}`;
    let job = inFlight.get(key);
    if (!job) {
      // The decoder opens the checked descriptor's path, never the file's name again.
      job = semaphore
        .run(() => target.fs.withReadPath(version.abs, (at) => render(at, size, out)))
        .then(async (data) => {
          await deps.cache?.put(version, size, out.ext, data).catch((err: unknown) => {
            deps.log.warn({ err }, "could not store a preview in the cache");
          });
          return data;
        })
        .finally(() => inFlight.delete(key));
      inFlight.set(key, job);
    }
    return job;
  }

  function decodeFailed(err: unknown, target: DownloadTarget): AppError {
    deps.log.error({ err, path: target.resolved.path }, "image preview failed");
    return new AppError("UNREADABLE_FILE", "The image could not be decoded");
  }

  return {
    async preview(user: UserRecord, size: string, requestPath: string): Promise<FileDownload> {
      if (!(PREVIEW_SIZES as readonly string[]).includes(size)) {
        throw badRequest(`Unknown preview size "${size}": use thumb or big`);
      }
      const variant = size as PreviewSize;
      const target = await deps.downloads.locate(user, requestPath);
      const { abs } = target.resolved;
      if (!target.stats.isFile()) throw notAnImage();
      const extension = extensionOf(target.name);
      const bytes = Number(target.stats.size);
      const { type } = await detectType({
        readHead: () => target.fs.readHead(abs),
        extension,
        size: bytes,
        isFifo: false,
        cheap: false,
      });
      if (type !== "image") throw notAnImage();

      const original = () => deps.downloads.openTarget(target);
      const config = await deps.settings.getServerConfig();
      if (!(variant === "thumb" ? config.enableThumbnails : config.resizePreview))
        return original();
      const format = resizableFormat(await target.fs.readHead(abs));
      if (!format) return original();
      const info = await target.fs.withReadPath(abs, probe).catch((err: unknown) => {
        throw decodeFailed(err, target);
      });
      // Animated WebP keeps its animation, like GIF.
      if (format === "webp" && info.pages > 1) return original();
      if (variant === "big" && bigIsOriginal(info, format)) return original();

      const out = outputFormat(variant, format, info.hasAlpha);
      const version = { abs, mtimeNs: target.stats.mtimeNs, size: target.stats.size };
      const mtimeMs = Number(target.stats.mtimeMs);
      const name = renamed(target.name, out.ext);
      const cached = await deps.cache?.get(version, variant, out.ext);
      if (cached)
        return { name, contentType: out.contentType, payload: withMtime(cached, mtimeMs) };
      const data = await renderShared(target, version, variant, out).catch((err: unknown) => {
        throw decodeFailed(err, target);
      });
      return { name, contentType: out.contentType, payload: bufferPayload(data, mtimeMs) };
    },
  };
}

export type PreviewService = ReturnType<typeof createPreviewService>;
