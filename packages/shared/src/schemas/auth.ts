import { Type, type Static } from "typebox";
import type { TokenUser } from "./user.js";

/** POST /api/login body; proxy and noauth clients send empty strings. */
export const LoginBodySchema = Type.Object({
  username: Type.Optional(Type.String()),
  password: Type.Optional(Type.String()),
  recaptcha: Type.Optional(Type.String()),
});
export type LoginBody = Static<typeof LoginBodySchema>;

/** POST /api/signup body. */
export const SignupBodySchema = Type.Object({
  username: Type.String(),
  password: Type.String(),
});
export type SignupBody = Static<typeof SignupBodySchema>;

/** Claims of a session token (API.md §1.2 plus the session id of Part A §4). */
export interface TokenClaims {
  user: TokenUser;
  sid: string;
  iss: string;
  exp: number;
  iat: number;
}
