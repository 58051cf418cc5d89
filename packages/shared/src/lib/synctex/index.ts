export * from "./reader.js";
export * from "./search.js";
export * from "./input-paths.js";
