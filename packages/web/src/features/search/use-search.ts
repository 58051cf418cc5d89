import type { SearchResult } from "@scriptorium/shared";
import { useCallback, useEffect, useRef, useState } from "react";
import { errorMessage, isStatusError } from "../../api/errors";
import { searchFiles, type SearchAnswer } from "./search-api";

/** Typing pauses this long before a query is sent. */
export const SEARCH_DEBOUNCE_MS = 250;
/** While the server's index is being built, the same query is asked again this often. */
export const INDEX_REFRESH_MS = 2000;

export type SearchStatus = "idle" | "loading" | "done" | "error";

export interface SearchError {
  message: string;
  /** 501 of a full-text query: the server cannot search inside files (yet). */
  unavailable: boolean;
}

export interface SearchState {
  /** Grows with each answer, so that views of the list start again from its top. */
  serial: number;
  status: SearchStatus;
  results: SearchResult[];
  /** The query the results answer (highlights follow it, not what is being typed). */
  answered: string;
  index: SearchAnswer["index"] | null;
  error: SearchError | null;
}

let serial = 1;

const IDLE: SearchState = {
  serial: 0,
  status: "idle",
  results: [],
  answered: "",
  index: null,
  error: null,
};

const isAbort = (err: unknown) => err instanceof DOMException && err.name === "AbortError";

/**
 * Results as the user types: each change waits SEARCH_DEBOUNCE_MS, a newer query aborts the
 * request of the older one, and `runNow` (Enter) sends at once. The results of the previous
 * query stay on screen until the next answer replaces them.
 */
export function useSearch(folder: string, query: string, content: boolean) {
  const [state, setState] = useState<SearchState>(IDLE);
  const [round, setRound] = useState(0);
  const immediate = useRef(false);

  const runNow = useCallback(() => {
    immediate.current = true;
    setRound((n) => n + 1);
  }, []);

  useEffect(() => {
    if (query.trim() === "") {
      immediate.current = false;
      setState(IDLE);
      return;
    }
    const controller = new AbortController();
    let refresh: ReturnType<typeof setTimeout> | undefined;
    const send = () => {
      setState((previous) => ({ ...previous, status: "loading" }));
      searchFiles({ folder, query, content, signal: controller.signal }).then(
        (answer) => {
          setState({
            serial: serial++,
            status: "done",
            results: answer.results,
            answered: query,
            index: answer.index,
            error: null,
          });
          if (answer.index.state === "building") {
            refresh = setTimeout(runNow, INDEX_REFRESH_MS);
          }
        },
        (err: unknown) => {
          if (isAbort(err)) return;
          const unavailable = content && isStatusError(err, 501);
          const error = { message: errorMessage(err), unavailable };
          setState({ ...IDLE, serial: serial++, status: "error", answered: query, error });
        },
      );
    };
    const delay = immediate.current ? 0 : SEARCH_DEBOUNCE_MS;
    immediate.current = false;
    const timer = setTimeout(send, delay);
    return () => {
      clearTimeout(timer);
      clearTimeout(refresh);
      controller.abort();
    };
  }, [folder, query, content, round, runNow]);

  return { ...state, runNow };
}
