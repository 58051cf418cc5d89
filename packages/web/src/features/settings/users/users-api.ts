import type { User } from "@scriptorium/shared";
import { usernameKeyOf } from "./username-key";
import { apiCall } from "../../../api/client";

/** A user as the form edits it: the API's user with the password typed (empty keeps it). */
export type UserDraft = Omit<User, "id"> & { id: number };

/** POST /api/users; answers the new user's id (found by name: the Location is a page URL). */
export async function createUser(draft: UserDraft): Promise<number> {
  await apiCall("createUser", { body: { what: "user", which: [], data: { ...draft, id: 0 } } });
  const users = await apiCall("listUsers");
  const key = usernameKeyOf(draft.username);
  const made = users.find((u) => usernameKeyOf(u.username) === key);
  if (!made) throw new Error("The new user is not in the list");
  return made.id;
}

/** PUT /api/users/{id} with which ["all"]; a new password carries the admin's own. */
export async function updateUser(draft: UserDraft, currentPassword: string): Promise<void> {
  await apiCall("updateUser", {
    params: { id: draft.id },
    body: {
      what: "user",
      which: ["all"],
      data: draft,
      ...(draft.password ? { current_password: currentPassword } : {}),
    },
  });
}

export async function deleteUser(id: number): Promise<void> {
  await apiCall("deleteUser", { params: { id } });
}
