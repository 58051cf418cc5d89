import type { Readable } from "node:stream";
import { AppError, badRequest, forbidden } from "../../errors.js";
import type { TusService, Uploader } from "../tus/tus.service.js";
import type { UploadsStore } from "../tus/uploads.store.js";
import type { ShareAccess, ShareGate, Visitor } from "./share-gate.js";
import type { SharesStore } from "./shares.store.js";

/** Longest visitor name kept in the activity. */
const VISITOR_NAME_MAX = 100;

/** The `uploader` entry of tus `Upload-Metadata` (`key base64,key base64`), cleaned. */
export function visitorName(metadata: unknown): string | undefined {
  if (typeof metadata !== "string") return undefined;
  for (const pair of metadata.split(",")) {
    const [key, value] = pair.trim().split(" ");
    if (key !== "uploader" || !value) continue;
    const name = Buffer.from(value, "base64")
      .toString("utf8")
      .replace(/[\p{Cc}\p{Cf}]/gu, "")
      .trim()
      .slice(0, VISITOR_NAME_MAX);
    return name === "" ? undefined : name;
  }
  return undefined;
}

/**
 * Drop boxes (API.md Part A §19): visitors upload into a shared folder with the tus dialect of
 * /api/tus at /api/public/tus/{hash}/{name}. They never overwrite, list, read or delete: an
 * existing name is 409, HEAD answers only for one's own upload in progress, DELETE only cancels
 * one. The link's size and file-count limits hold, and each file received is written in the
 * link's activity with the visitor's address and the name they gave.
 */
export function createDropBoxService(deps: {
  gate: ShareGate;
  store: SharesStore;
  tus: TusService;
  uploads: Pick<UploadsStore, "countViaShare">;
}) {
  /** Who started which upload: the visitor's name until the last byte arrives. */
  const visitors = new Map<string, string>();

  async function box(raw: string, visitor: Visitor): Promise<ShareAccess> {
    const access = await deps.gate.open(raw, visitor);
    if (access.share.mode !== "upload") throw forbidden("This link does not accept uploads");
    if (access.rest === "/") throw badRequest("An upload needs a file name");
    return access;
  }

  const uploaderOf = (access: ShareAccess): Uploader => ({
    id: access.owner.id,
    fs: access.fs,
    mayCreate: true,
    mayOverwrite: false,
    mayReadAndDelete: false,
    viaShare: access.share.hash,
  });

  const key = (access: ShareAccess) => `${access.share.hash}\n${access.rest}`;

  return {
    async create(
      raw: string,
      visitor: Visitor,
      headers: { length: unknown; metadata: unknown },
    ): Promise<void> {
      const access = await box(raw, visitor);
      const { share } = access;
      if (typeof headers.length !== "string" || !/^\d+$/.test(headers.length)) {
        throw badRequest("A drop box upload needs Upload-Length");
      }
      if (share.maxUploadBytes !== undefined && Number(headers.length) > share.maxUploadBytes) {
        throw new AppError(
          "PAYLOAD_TOO_LARGE",
          `This drop box accepts files up to ${share.maxUploadBytes} bytes`,
        );
      }
      if (share.maxUploads !== undefined) {
        const started = await deps.uploads.countViaShare(share.hash);
        if (share.uploads + started >= share.maxUploads) {
          throw new AppError(
            "DROP_BOX_FULL",
            "This drop box has received all the files it accepts",
          );
        }
      }
      await deps.tus.createAs(uploaderOf(access), access.rest, false, headers.length);
      const name = visitorName(headers.metadata);
      if (name) visitors.set(key(access), name);
      else visitors.delete(key(access));
      if (Number(headers.length) === 0) await received(access, visitor, 0);
    },

    async offset(raw: string, visitor: Visitor): Promise<{ offset: number; length: number }> {
      const access = await box(raw, visitor);
      return deps.tus.offsetAs(uploaderOf(access), access.rest);
    },

    async append(
      raw: string,
      visitor: Visitor,
      headers: { offset: unknown; length: unknown; contentLength: unknown },
      body: Readable | undefined,
    ): Promise<number> {
      const access = await box(raw, visitor);
      const result = await deps.tus.appendAs(uploaderOf(access), access.rest, headers, body);
      if (result.finished) await received(access, visitor, result.finished.size);
      return result.offset;
    },

    /** Cancels the visitor's upload in progress; a finished file stays (404). */
    async cancel(raw: string, visitor: Visitor): Promise<void> {
      const access = await box(raw, visitor);
      if (!(await deps.tus.cancelAs(uploaderOf(access), access.rest))) {
        throw new AppError("NOT_FOUND", "No upload in progress at this name");
      }
      visitors.delete(key(access));
    },
  };

  async function received(access: ShareAccess, visitor: Visitor, size: number): Promise<void> {
    const name = visitors.get(key(access));
    visitors.delete(key(access));
    await deps.store.countUpload(access.share.hash);
    await deps.store.addActivity(access.share.hash, {
      at: Date.now(),
      kind: "upload",
      name: access.rest,
      size,
      address: visitor.address,
      ...(name !== undefined && { visitor: name }),
    });
  }
}

export type DropBoxService = ReturnType<typeof createDropBoxService>;
