import { badRequest } from "../../errors.js";

/** A tus offset header's value: a non-negative safe whole number, or a 400 naming `header`. */
export function parseOffset(raw: unknown, header: string): number {
  if (typeof raw !== "string" || !/^\d+$/.test(raw) || !Number.isSafeInteger(Number(raw))) {
    throw badRequest(`${header} must be a non-negative whole number`);
  }
  return Number(raw);
}

/** The length a POST or PATCH declares: a number, or none (absent, or `Upload-Defer-Length: 1`). */
export function parseLength(raw: unknown): number | undefined {
  return raw === undefined ? undefined : parseOffset(raw, "Upload-Length");
}

/** A Content-Length header that announces at most `room` bytes. */
export function fitsIn(contentLength: unknown, room: number): boolean {
  return (
    typeof contentLength === "string" &&
    /^\d+$/.test(contentLength) &&
    Number(contentLength) <= room
  );
}
