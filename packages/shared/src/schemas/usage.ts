import { Type, type Static } from "typebox";

/** GET /api/usage{path}: bytes of the volume holding the folder. */
export const UsageSchema = Type.Object({ total: Type.Number(), used: Type.Number() });
export type Usage = Static<typeof UsageSchema>;
