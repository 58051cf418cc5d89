import { EventEmitter } from "node:events";

export type FileEventType =
  | "created"
  | "saved"
  | "deleted"
  | "moved"
  | "copied"
  | "uploaded"
  | "extracted"
  | "compiled"
  /** Back from the trash. */
  | "restored";

/** A change to a file or folder; the search index, activity log and caches subscribe. */
export interface FileEvent {
  type: FileEventType;
  userId: number;
  /** Absolute path on disk. */
  abs: string;
  /** For moves and copies: where it went. */
  to?: string;
  /** An upload that came through a drop box: the box's share hash (the uploader is a visitor). */
  viaShare?: string;
  /** What the activity log says beside the paths (a tool and its result). */
  detail?: string;
  /**
   * Done by another instance (the events bridge, features/cluster): caches and indexes follow;
   * what is recorded or run once per change (activity lines, hooks) was done where it happened.
   */
  remote?: boolean;
}

/** The application's file-change bus (ROADMAP: one domain event per change). */
export function createFileEvents() {
  const emitter = new EventEmitter();
  return {
    emit(event: FileEvent): void {
      emitter.emit("change", event);
    },
    on(listener: (event: FileEvent) => void): () => void {
      emitter.on("change", listener);
      return () => emitter.off("change", listener);
    },
  };
}

export type FileEvents = ReturnType<typeof createFileEvents>;
