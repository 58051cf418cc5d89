import type { Resource } from "@scriptorium/shared";
import { useSyncExternalStore } from "react";
import { listingHead } from "./listing-head";

/*
 * The first rows of a big folder opened by its URL, shown while the rest of its answer is still
 * on its way and being parsed (the files page shows this head until the query has the whole
 * listing, then the same rows stay where they are). Only answers bigger than HEAD_BYTES get a
 * head: a smaller one is parsed whole about as fast.
 */

/** How much of the answer is read before its head is taken (about 700 entries). */
const HEAD_BYTES = 128 * 1024;
/** Enough items for the first window of the largest screen in the densest view. */
const HEAD_ITEMS = 500;

/** Heads are marked so that the listing does not take them for the whole folder. */
const heads = new WeakSet<Resource>();
let current: { path: string; resource: Resource; at: number } | null = null;
/** A head older than this is not shown (its page was left before it came, say). */
const FRESH_MS = 10_000;
const listeners = new Set<() => void>();

function publish(next: typeof current): void {
  current = next;
  for (const notify of listeners) notify();
}

/** Whether `resource` is only the head of its folder's listing (its first items). */
export const isListingHead = (resource: Resource): boolean => heads.has(resource);

/**
 * Reads the start of `res` (a copy of a folder's answer, whose original is parsed whole
 * elsewhere) and makes its head the early listing of `path`. Never throws.
 */
export async function readListingHead(path: string, res: Response): Promise<void> {
  const reader = res.body?.getReader();
  if (!reader) return;
  try {
    const decoder = new TextDecoder();
    let text = "";
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      text += decoder.decode(value, { stream: true });
      if (text.length >= HEAD_BYTES) break;
    }
    const head = listingHead(text, HEAD_ITEMS);
    if (!head) return;
    heads.add(head);
    publish({ path, resource: head, at: Date.now() });
  } catch {
    // No head: the whole listing comes as usual.
  } finally {
    void reader.cancel().catch(() => undefined);
  }
}

/** Forgets the early listing of `path` (the files page left it). */
export function clearListingHead(path: string): void {
  if (current?.path === path) publish(null);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The head of `path`'s listing read from its early answer, if there is one. */
export function useListingHead(path: string): Resource | undefined {
  return useSyncExternalStore(subscribe, () =>
    current?.path === path && Date.now() - current.at < FRESH_MS ? current.resource : undefined,
  );
}
