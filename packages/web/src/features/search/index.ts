export { SearchOverlay } from "./SearchOverlay";
export { closeSearch, openSearch, useSearchStore } from "./search-store";
