import {
  RULES_PREVIEW_MAX_ENTRIES,
  RULES_PREVIEW_MAX_HIDDEN,
  RuleSchema,
  type RulesPreview,
  type RulesPreviewBody,
} from "@scriptorium/shared";
import { notFound } from "../../errors.js";
import { goBody } from "../../lib/go-body.js";
import { scopeRoot } from "../../lib/safe-path.js";
import { createRuleChecker } from "../../storage/rules.js";
import { plainFolderReal, walkTree } from "../../storage/tree-walk.js";
import { checkRules } from "../settings/settings-checks.js";
import type { SettingsStore } from "../settings/settings.store.js";

const parentOf = (rel: string) => rel.slice(0, rel.lastIndexOf("/")) || "/";

/**
 * POST /api/rules/preview: walks a scope and lists what a set of rules would hide there, the
 * way the rule checker sees paths (relative to the scope). A hidden folder is listed once;
 * what it holds is counted but not listed.
 */
export function createRulesPreview(deps: { root: string; settings: SettingsStore }) {
  return async function preview(body: RulesPreviewBody): Promise<RulesPreview> {
    const rules = body.rules.map((rule) => goBody(RuleSchema, rule));
    checkRules(rules);
    const global = body.withGlobal === false ? [] : (await deps.settings.getSettings()).rules;
    const allowed = createRuleChecker(global, rules);
    const base = scopeRoot(deps.root, body.scope.trim() || ".");
    // A scope reached through a link is not walked: the walk never leaves the files root.
    const real = plainFolderReal(deps.root, base);
    if (real === undefined) throw notFound("The scope is not a folder on the server");

    const hidden: string[] = [];
    const hiddenFolders = new Set<string>();
    let hiddenCount = 0;
    let checked = 0;
    const stop = new AbortController();
    await walkTree(
      (rel, info) => {
        checked += 1;
        if (checked >= RULES_PREVIEW_MAX_ENTRIES) stop.abort();
        const insideHidden = hiddenFolders.has(parentOf(rel));
        if (insideHidden || !allowed(rel)) {
          hiddenCount += 1;
          if (info.isDir) hiddenFolders.add(rel);
          if (!insideHidden && hidden.length < RULES_PREVIEW_MAX_HIDDEN) hidden.push(rel);
        }
      },
      base,
      "/",
      { signal: stop.signal, real },
    );
    hidden.sort((a, b) => a.localeCompare(b));
    return { hidden, hiddenCount, checked, truncated: stop.signal.aborted };
  };
}

export type RulesPreviewFn = ReturnType<typeof createRulesPreview>;
