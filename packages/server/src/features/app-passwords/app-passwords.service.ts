import {
  APP_PASSWORD_NAME_MAX,
  hasControlCharacters,
  type AppPassword,
  type AppPasswordCreate,
  type AppPasswordCreated,
} from "@scriptorium/shared";
import { badRequest, notFound } from "../../errors.js";
import { hashPassword } from "../../lib/passwords.js";
import { formatAppPassword, newSecret } from "./app-password-secret.js";
import type { AppPasswordRecord, AppPasswordsStore } from "./app-passwords.store.js";

/** App passwords one user may hold at once. */
export const APP_PASSWORDS_PER_USER = 50;

const iso = (ms: number) => new Date(ms).toISOString();

function toApi(record: AppPasswordRecord): AppPassword {
  return {
    id: record.id,
    name: record.name,
    readOnly: record.readOnly,
    createdAt: iso(record.createdAt),
    lastUsedAt: record.lastUsedAt === null ? null : iso(record.lastUsedAt),
  };
}

/** A name as kept: trimmed, not empty, no control character, not too long. */
function checkedName(name: string): string {
  const trimmed = name.trim();
  if (trimmed === "") throw badRequest("The name of an app password must not be empty");
  if (hasControlCharacters(trimmed)) {
    throw badRequest("The name of an app password must not hold control characters");
  }
  if ([...trimmed].length > APP_PASSWORD_NAME_MAX) {
    throw badRequest(`The name of an app password has at most ${APP_PASSWORD_NAME_MAX} characters`);
  }
  return trimmed;
}

/**
 * A user's app passwords: listed without their secrets, created with a secret shown once (only
 * its Argon2id hash is kept), revoked by their owner. The API and the CLI both go through it.
 */
export function createAppPasswordsService(deps: { store: AppPasswordsStore }) {
  const { store } = deps;
  return {
    async list(userId: number): Promise<AppPassword[]> {
      return (await store.list(userId)).map(toApi);
    },

    async create(userId: number, input: AppPasswordCreate): Promise<AppPasswordCreated> {
      const name = checkedName(input.name);
      const secret = newSecret();
      const secretHash = await hashPassword(secret);
      const id = await store.insertUnder(APP_PASSWORDS_PER_USER, {
        userId,
        name,
        readOnly: input.readOnly === true,
        secretHash,
        createdAt: Date.now(),
      });
      if (id === undefined) {
        throw badRequest(
          `You have ${APP_PASSWORDS_PER_USER} app passwords, the most one may hold; revoke one first`,
        );
      }
      return { id, password: formatAppPassword(id, secret) };
    },

    /** Revokes one of the user's app passwords; 404 for another user's or an unknown id. */
    async remove(userId: number, id: number): Promise<void> {
      if (!(await store.remove(userId, id))) throw notFound("No such app password");
    },
  };
}

export type AppPasswordsService = ReturnType<typeof createAppPasswordsService>;
