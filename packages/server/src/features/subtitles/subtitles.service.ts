import { AppError, badRequest } from "../../errors.js";
import { bufferPayload, type Payload } from "../downloads/payload.js";
import type { DownloadService } from "../downloads/downloads.service.js";
import type { UserRecord } from "../users/users.store.js";
import { assToVtt, srtToVtt, SubtitleParseError } from "./convert.js";

/** Subtitle files are small; anything larger is not one we convert in memory. */
export const MAX_SUBTITLE_SIZE = 10 * 1024 * 1024;

const SUBTITLE_EXTENSION = /\.(vtt|srt|ass|ssa)$/i;

/** UTF-8 when the bytes are valid UTF-8, else Windows-1252 (older SubRip files). */
function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}

/** GET /api/subtitle{path} (API.md §5): .srt, .ass and .ssa become WebVTT; .vtt is sent as stored. */
export function createSubtitlesService(deps: { downloads: DownloadService }) {
  return {
    async get(user: UserRecord, requestPath: string): Promise<{ name: string; payload: Payload }> {
      const target = await deps.downloads.locate(user, requestPath);
      if (target.stats.isDirectory()) throw badRequest("A folder is not a subtitle file");
      const match = SUBTITLE_EXTENSION.exec(target.name);
      if (!match || !target.stats.isFile()) {
        throw badRequest("Subtitles must be .vtt, .srt, .ass or .ssa files");
      }
      if (target.stats.size > MAX_SUBTITLE_SIZE) {
        throw badRequest("This subtitle file is larger than 10 MiB");
      }
      const bytes: Uint8Array = await target.fs.readFile(target.resolved.abs);
      const mtimeMs = Number(target.stats.mtimeMs);
      const extension = (match[1] ?? "").toLowerCase();
      const vttName = target.name.slice(0, match.index) + ".vtt";
      if (extension === "vtt") return { name: target.name, payload: bufferPayload(bytes, mtimeMs) };
      try {
        const text = decodeText(bytes);
        const vtt = extension === "srt" ? srtToVtt(text) : assToVtt(text);
        return { name: vttName, payload: bufferPayload(Buffer.from(vtt, "utf8"), mtimeMs) };
      } catch (err) {
        if (!(err instanceof SubtitleParseError)) throw err;
        throw new AppError(
          "UNREADABLE_FILE",
          `The subtitles could not be converted: ${err.message}`,
        );
      }
    },
  };
}

export type SubtitlesService = ReturnType<typeof createSubtitlesService>;
