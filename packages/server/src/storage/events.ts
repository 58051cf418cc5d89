import { EventEmitter } from "node:events";

export type FileEventType =
  "created" | "saved" | "deleted" | "moved" | "copied" | "uploaded" | "extracted" | "compiled";

/** A change to a file or folder; the search index, activity log and caches subscribe. */
export interface FileEvent {
  type: FileEventType;
  userId: number;
  /** Absolute path on disk. */
  abs: string;
  /** For moves and copies: where it went. */
  to?: string;
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
