import { Type, type Static } from "typebox";

/**
 * GET /api/usage{path}: for a user whose scope is the whole files root, the bytes of the volume
 * holding the folder (File Browser's answer); for a narrower scope, `used` is the bytes of the
 * files below the scope and `total` those plus the volume's free space (issue 31). A file: zeros.
 */
export const UsageSchema = Type.Object({ total: Type.Number(), used: Type.Number() });
export type Usage = Static<typeof UsageSchema>;
