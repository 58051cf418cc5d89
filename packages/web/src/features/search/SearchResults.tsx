import { SEARCH_PAGE_SIZE, type SearchResult } from "@scriptorium/shared";
import { useState, type KeyboardEvent, type RefObject, type UIEvent } from "react";
import { useTranslation } from "react-i18next";
import { SearchResultItem } from "./SearchResultItem";

/** More results are shown when the list is scrolled this close to its bottom (SPEC.md §9). */
export const LOAD_MORE_PX = 100;

interface SearchResultsProps {
  folder: string;
  results: SearchResult[];
  query: string;
  listRef: RefObject<HTMLUListElement | null>;
  /** ArrowUp on the first result: back to the search field. */
  onLeaveTop: () => void;
  onOpen: () => void;
}

const links = (list: HTMLElement) => [...list.querySelectorAll<HTMLElement>(".search__result")];

/**
 * The results, SEARCH_PAGE_SIZE at first and as many more each time the list is scrolled near
 * its bottom (or the arrow keys walk past the last one shown). The arrow keys move between
 * results; Enter opens the focused one, as a click does.
 */
export function SearchResults(props: SearchResultsProps) {
  const { folder, results, query, listRef, onLeaveTop, onOpen } = props;
  const { t } = useTranslation();
  const [shown, setShown] = useState(SEARCH_PAGE_SIZE);
  const more = shown < results.length;
  const showMore = () => setShown((count) => Math.min(results.length, count + SEARCH_PAGE_SIZE));

  const onScroll = (event: UIEvent<HTMLUListElement>) => {
    const list = event.currentTarget;
    if (more && list.scrollHeight - list.scrollTop - list.clientHeight <= LOAD_MORE_PX) showMore();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    const list = event.currentTarget;
    const all = links(list);
    const at = all.findIndex((link) => link === document.activeElement);
    if (at < 0) return;
    event.preventDefault();
    if (event.key === "ArrowUp") {
      if (at === 0) onLeaveTop();
      else all[at - 1]?.focus();
    } else if (at < all.length - 1) {
      all[at + 1]?.focus();
    } else if (more) {
      showMore();
      // The next result exists once React has drawn the new page.
      requestAnimationFrame(() => links(list)[at + 1]?.focus());
    }
  };

  return (
    <ul
      ref={listRef}
      className="search__results"
      aria-label={t("search.results")}
      data-testid="search-results"
      data-shown={Math.min(shown, results.length)}
      onScroll={onScroll}
      onKeyDown={onKeyDown}
    >
      {results.slice(0, shown).map((result, i) => (
        <li key={i}>
          <SearchResultItem folder={folder} result={result} query={query} onOpen={onOpen} />
        </li>
      ))}
    </ul>
  );
}
