import path from "node:path";
import {
  BackwardSearch,
  ForwardSearch,
  inputToUserPath,
  SynctexFormatError,
  type SyncTexAnswer,
  type SyncTexQuery,
} from "@scriptorium/shared";
import { AppError, badRequest, notFound } from "../../errors.js";
import { SANDBOX_FILES } from "../../runner/sandbox.js";
import type { UserFs } from "../../storage/user-fs.js";
import type { DownloadService } from "../downloads/downloads.service.js";
import type { UserRecord } from "../users/users.store.js";
import { readSynctex } from "./synctex-file.js";

/** Coordinates beyond this many points are no place of a page (PDF's own limit is 14,400). */
const MAX_COORDINATE = 1e6;
/** Page and line numbers beyond this are no page or line (and no safe integer). */
const MAX_NUMBER = 1e9;

type Ask =
  | { kind: "backward"; page: number; x: number; y: number }
  | { kind: "forward"; file: string; line: number };

/** Which search the query asks for; 400 for a mix, a half or numbers that are no place. */
function askOf(query: SyncTexQuery): Ask {
  const { page, x, y, file, line } = query;
  const backward = page !== undefined || x !== undefined || y !== undefined;
  const forward = file !== undefined || line !== undefined;
  if (backward === forward)
    throw badRequest(
      "Ask either ?page=&x=&y= (a place in the PDF) or ?file=&line= (a source line)",
    );
  if (backward) {
    if (page === undefined || x === undefined || y === undefined)
      throw badRequest("page, x and y are all needed");
    if (![x, y].every((n) => Number.isFinite(n) && Math.abs(n) <= MAX_COORDINATE))
      throw badRequest("x and y must be PDF points on the page");
    if (page > MAX_NUMBER) throw badRequest("No such page");
    return { kind: "backward", page, x, y };
  }
  if (file === undefined || line === undefined || file === "")
    throw badRequest("file and line are both needed");
  if (line > MAX_NUMBER) throw badRequest("No such line");
  return { kind: "forward", file, line };
}

/** Where a PDF's SyncTeX data is: `<stem>.synctex.gz` beside it. */
function synctexPathOf(pdfPath: string): string {
  const dir = path.posix.dirname(pdfPath);
  const stem = path.posix.basename(pdfPath).replace(/\.pdf$/i, "");
  return path.posix.join(dir, `${stem}.synctex.gz`);
}

const noData = () => notFound("This PDF has no SyncTeX data");

/**
 * SyncTeX (GET /api/synctex/{pdf}): the PDF located as a download (permission, rules, scope),
 * its `.synctex.gz` opened through the same gate (a link out of the scope is not followed, a
 * denied name not opened), read as a stream; the files it names mapped back to the user's files
 * (the sandbox's mount point or the scope's real path), and only those the user may see named.
 */
export function createSynctexService(deps: { downloads: DownloadService }) {
  /** The `Input` tags' user paths, or undefined for a file that may not be named. */
  function inputs(fs: UserFs, roots: readonly string[], folder: string) {
    const paths = new Map<number, string | undefined>();
    return {
      paths,
      input: (tag: number, inputPath: string) => {
        const user = inputToUserPath(inputPath, roots, folder);
        paths.set(tag, user !== undefined && fs.allowed(user) ? user : undefined);
      },
    };
  }

  async function query(user: UserRecord, pdfPath: string, q: SyncTexQuery): Promise<SyncTexAnswer> {
    const ask = askOf(q);
    const target = await deps.downloads.locate(user, pdfPath);
    const { fs, resolved } = target;
    if (!target.stats.isFile() || !/\.pdf$/i.test(resolved.path))
      throw notFound("This is not a PDF");
    // The file the forward search asks for, normalised in the scope (escapes refused here).
    const wanted = ask.kind === "forward" ? (await fs.resolve(ask.file)).path : undefined;
    let handle;
    try {
      const data = await fs.resolve(synctexPathOf(resolved.path));
      handle = await fs.openRead(data.abs);
    } catch {
      throw noData();
    }
    try {
      const roots = [SANDBOX_FILES, await fs.realRoot()];
      const names = inputs(fs, roots, path.posix.dirname(resolved.path));
      if (ask.kind === "backward") {
        const search = new BackwardSearch(ask.page);
        const header = await read(handle, names.input, search);
        const place = search.find(
          header,
          ask.x,
          ask.y,
          (tag) => names.paths.get(tag) !== undefined,
        );
        const file = place && names.paths.get(place.tag);
        if (!place || file === undefined) throw notFound("No source line at this place");
        return { source: { file, line: Math.max(1, place.line) } };
      }
      const search = new ForwardSearch((tag) => names.paths.get(tag) === wanted, ask.line);
      const header = await read(handle, names.input, search);
      const boxes = search.boxes(header);
      if (boxes.length === 0) throw notFound("This file and line are not in the PDF");
      return { boxes };
    } finally {
      await handle.close();
    }
  }

  return { query };
}

/** Reads the file through `search`, with `input` seeing the `Input:` lines. */
async function read(
  handle: Awaited<ReturnType<UserFs["openRead"]>>,
  input: (tag: number, inputPath: string) => void,
  search: BackwardSearch | ForwardSearch,
) {
  try {
    return await readSynctex(handle, {
      input,
      record: (page, record, boxes) => search.record(page, record, boxes),
    });
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (err instanceof SynctexFormatError)
      throw notFound("The SyncTeX data of this PDF is damaged");
    // zlib: not gzip, truncated.
    throw notFound("The SyncTeX data of this PDF cannot be read");
  }
}

export type SynctexService = ReturnType<typeof createSynctexService>;
