export type {
  CheckFinding,
  CheckResult,
  CheckSeverity,
  OutlineEntry,
  SiglumDeclaration,
} from "./types.js";
export { checkMauroTex } from "./check.js";
