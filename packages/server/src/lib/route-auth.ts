import type { RouteContract } from "@scriptorium/shared";

/**
 * The route config of a contract's auth mode: every mode but "none" makes the auth plugin demand
 * a session token; an "admin" route's service refuses other users (403).
 */
export function authConfig(contract: Pick<RouteContract, "auth">): { auth: boolean } {
  return { auth: contract.auth !== "none" };
}
