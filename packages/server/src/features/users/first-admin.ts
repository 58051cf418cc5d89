import { randomInt } from "node:crypto";
import { allPermissions } from "@scriptorium/shared";
import type { Db } from "../../db/database.js";
import { createSessionsStore } from "../sessions/sessions.store.js";
import { createSettingsStore } from "../settings/settings.store.js";
import { createUsersService } from "./users.service.js";
import { createUsersStore } from "./users.store.js";

const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";

/** A random password of `length` characters from an unambiguous alphabet. */
export function randomPassword(length = 16): string {
  let out = "";
  for (let i = 0; i < length; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}

/**
 * With no users in the database, creates `admin` with a random 16-character password
 * (API.md Part A §5) and returns the credentials to print once; otherwise undefined.
 */
export async function ensureFirstAdmin(
  db: Db,
  root: string,
): Promise<{ username: string; password: string } | undefined> {
  const users = createUsersStore(db);
  if ((await users.count()) > 0) return undefined;
  const service = createUsersService({
    users,
    sessions: createSessionsStore(db),
    settings: createSettingsStore(db),
    root,
  });
  const password = randomPassword();
  await service.create({
    username: "admin",
    password,
    fields: { scope: ".", perm: allPermissions() },
  });
  return { username: "admin", password };
}
