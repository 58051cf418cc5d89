export { diffTexts, splitLines, type TextDiff, type TextDiffOptions } from "./text-diff.js";
export {
  diffReadings,
  parseVariants,
  VARIANT_MACROS,
  type Variant,
  type VariantReading,
} from "./maurotex-readings.js";
export { diffWords, tokenize } from "./word-diff.js";
