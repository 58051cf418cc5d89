/**
 * Freezes a plain value and everything in it, so one copy can be handed to every reader (a
 * cached row, a verified token's claims) without one of them changing it for the others.
 */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}
