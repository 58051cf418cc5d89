import { create } from "zustand";
import type { TokenUser } from "@scriptorium/shared";

interface AuthState {
  /** The current session token; "" when logged out. */
  jwt: string;
  /** The user claim of the token, patched locally after profile updates. */
  user: TokenUser | null;
  setSession: (jwt: string, user: TokenUser) => void;
  patchUser: (patch: Partial<TokenUser>) => void;
  clear: () => void;
}

export const useAuthStore = create<AuthState>()((set) => ({
  jwt: "",
  user: null,
  setSession: (jwt, user) => set({ jwt, user }),
  patchUser: (patch) => set((state) => (state.user ? { user: { ...state.user, ...patch } } : {})),
  clear: () => set({ jwt: "", user: null }),
}));

/** The logged-in user, or null. */
export const useUser = () => useAuthStore((state) => state.user);
