import { create } from "zustand";
import { useAuthStore } from "../../state/auth-store";

interface SearchState {
  open: boolean;
  /** The folder searched, ending with "/": the listing on screen when the overlay opened. */
  folder: string;
}

/** The search overlay (SPEC.md §2): open or not, and where it searches. */
export const useSearchStore = create<SearchState>()(() => ({ open: false, folder: "/" }));

export const openSearch = (folder: string) => useSearchStore.setState({ open: true, folder });
export const closeSearch = () => useSearchStore.setState({ open: false });

/** Another session must not find the overlay of the previous one open. */
useAuthStore.subscribe((state, previous) => {
  if (state.user?.id !== previous.user?.id) closeSearch();
});
