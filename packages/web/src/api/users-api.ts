import { apiCall } from "./client";

/** Query key of the users list (GET /api/users, admins). */
export const USERS_KEY = ["users"] as const;

export const fetchUsers = (signal?: AbortSignal) => apiCall("listUsers", { signal });
