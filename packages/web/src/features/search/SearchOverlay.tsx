import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { SearchDialog } from "./SearchDialog";
import { closeSearch, useSearchStore } from "./search-store";

/** Where the search overlay lives (mounted once by the layout); it closes when the page changes. */
export function SearchOverlay() {
  const open = useSearchStore((state) => state.open);
  const folder = useSearchStore((state) => state.folder);
  const { pathname } = useLocation();
  const shownOn = useRef(pathname);

  useEffect(() => {
    if (shownOn.current !== pathname) closeSearch();
    shownOn.current = pathname;
  }, [pathname]);

  return open ? <SearchDialog folder={folder} onClose={closeSearch} /> : null;
}
