import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { User, UserData, UserField, UserUpdate } from "@scriptorium/shared";
import { apiCall } from "../../api/client";
import { handleError } from "../../state/handle-error";
import { useAuthStore } from "../../state/auth-store";

export interface UserChange {
  which: UserField[];
  data: UserData;
  /** The user's password, which the server asks for before it changes the password. */
  currentPassword?: string;
}

/**
 * PUT /api/users/{id} for the logged-in user's own record. The server answers the next call
 * with X-Renew-Token, so the token follows; local state is patched at once meanwhile. A failure
 * is shown (handleError).
 */
export function useUpdateOwnUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ which, data, currentPassword }: UserChange) => {
      const user = useAuthStore.getState().user;
      if (!user) throw new Error("User is not set!");
      const body: UserUpdate = { what: "user", which, data: { ...data, id: user.id } };
      if (currentPassword !== undefined) body.current_password = currentPassword;
      await apiCall("updateUser", { params: { id: user.id }, body });
      return user.id;
    },
    onSuccess: (id, { data }) => {
      // The API never returns passwords; keep the cached user free of one too.
      const visible: Partial<User> = { ...data, password: "" };
      queryClient.setQueryData<User>(["user", id], (old) => (old ? { ...old, ...visible } : old));
    },
    onError: handleError,
  });
}
