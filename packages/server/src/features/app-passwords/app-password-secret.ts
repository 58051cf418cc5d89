import { randomInt } from "node:crypto";

/**
 * The shape of an app password: `scr_<id>_<secret>`. The id names the row, so a login verifies
 * one Argon2 hash, never every hash of the user; the secret is 27 characters of [A-Za-z0-9]
 * (about 160 bits), which a double click selects whole and any field accepts.
 */
const PREFIX = "scr_";
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const SECRET_LENGTH = 27;
const SHAPE = /^scr_([1-9]\d{0,15})_([A-Za-z0-9]{27})$/;

/** A new random secret (uniform over the alphabet). */
export function newSecret(): string {
  let secret = "";
  for (let i = 0; i < SECRET_LENGTH; i++) secret += ALPHABET[randomInt(ALPHABET.length)];
  return secret;
}

export function formatAppPassword(id: number, secret: string): string {
  return `${PREFIX}${id}_${secret}`;
}

/** The id and secret of a password shaped as an app password; undefined for anything else. */
export function parseAppPassword(password: string): { id: number; secret: string } | undefined {
  const match = SHAPE.exec(password);
  if (!match) return undefined;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) ? { id, secret: match[2] ?? "" } : undefined;
}
