export * from "./errors.js";
export * from "./schemas/error-body.js";
export * from "./routes.js";
export * from "./route-table.js";
export * from "./schemas/admin.js";
export * from "./schemas/auth.js";
export * from "./schemas/download.js";
export * from "./schemas/resource.js";
export * from "./schemas/settings.js";
export * from "./schemas/share.js";
export * from "./schemas/search.js";
export * from "./schemas/tools.js";
export * from "./schemas/trash.js";
export * from "./schemas/history.js";
export * from "./schemas/activity.js";
export * from "./schemas/usage.js";
export * from "./schemas/user.js";
export * from "./lib/duration.js";
export * from "./lib/locales.js";
export * from "./lib/natural-sort.js";
export * from "./lib/search-fold.js";
export * from "./lib/paths.js";
export * from "./lib/staging.js";
export * from "./lib/maurotex.js";
export * from "./lib/text-diff/index.js";
export * from "./lib/tool-log.js";
export * from "./lib/edition-tool-defaults.js";
export * from "./lib/shell-programs.js";
export * from "./lib/shell-refusal.js";

/** Label shown on the login screen (SPEC.md §2, §9). */
export const LOGIN_VERSION_LABEL = "4.0410";
/** Width at or below which the narrow layout applies (SPEC.md §9). */
export const NARROW_BREAKPOINT_PX = 736;
export * from "./lib/rules.js";
export * from "./lib/control-characters.js";
export * from "./schemas/go-zero.js";
export * from "./lib/maurotex-check/index.js";
export * from "./lib/synctex/index.js";
