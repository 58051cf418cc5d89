import { AppError, badRequest } from "../../errors.js";
import {
  createAttemptCounter,
  type AttemptBackend,
  type AttemptLimit,
} from "../../lib/attempts.js";
import { hashPassword, verifyPassword } from "../../lib/passwords.js";
import type { SettingsStore } from "../settings/settings.store.js";
import type { UserRecord } from "./users.store.js";

/**
 * New passwords (the configured minimum length, then Argon2id) and the proof a password change
 * needs: the current password of whoever makes it.
 */
export function createPasswordChecks(deps: {
  settings: SettingsStore;
  /** Wrong current passwords allowed per user before 429 (default 10 in 15 minutes). */
  currentPasswordAttempts?: AttemptLimit;
  /** Where the counts live (the database's, shared by instances); else memory. */
  attemptsBackend?: AttemptBackend;
}) {
  const { settings } = deps;
  const attempts = createAttemptCounter(
    deps.currentPasswordAttempts ?? { max: 10, windowMs: 15 * 60_000 },
    deps.attemptsBackend && { backend: deps.attemptsBackend, kind: "current-password" },
  );

  return {
    /** Checks a new password against the minimum length and hashes it. */
    async hashNew(password: string | undefined): Promise<string> {
      if (!password) throw badRequest("The password must not be empty");
      const { minimumPasswordLength } = await settings.getServerConfig();
      if ([...password].length < minimumPasswordLength) {
        throw new AppError(
          "PASSWORD_TOO_SHORT",
          `The password must be at least ${minimumPasswordLength} characters long`,
        );
      }
      return hashPassword(password);
    },

    /**
     * A password change proves who makes it (advisory CVE-2026-25889): the actor's own current
     * password, also when an admin sets another user's. Only where passwords log in (json).
     * Wrong guesses are counted per actor, so a stolen token cannot brute-force it here.
     */
    async checkCurrent(actor: UserRecord, given: string | undefined): Promise<void> {
      const { authMethod } = await settings.getServerConfig();
      if (authMethod !== "json") return;
      const key = String(actor.id);
      await attempts.check(key);
      const { ok } = given ? await verifyPassword(actor.passwordHash, given) : { ok: false };
      if (!ok) {
        await attempts.fail(key);
        throw new AppError("CURRENT_PASSWORD_INCORRECT", "The current password is incorrect");
      }
      await attempts.succeed(key);
    },
  };
}

export type PasswordChecks = ReturnType<typeof createPasswordChecks>;
