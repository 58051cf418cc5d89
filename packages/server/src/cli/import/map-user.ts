import type { TObject } from "typebox";
import {
  firstRuleProblem,
  isLocale,
  PERMISSIONS,
  ruleProblemMessage,
  VIEW_MODES,
  type Perm,
  type Rule,
  type Sorting,
  type ViewMode,
} from "@scriptorium/shared";
import { AppError } from "../../errors.js";
import {
  cleanScope,
  cleanUsername,
  permWithAdminRule,
  withAdminRule,
} from "../../features/users/user-rules.js";
import type { NewUser } from "../../features/users/users.store.js";
import { isBcryptHash } from "../../lib/passwords.js";
import { FbUserSchema, otherFields, type FbRule, type FbUser, type FbPerm } from "./fb-records.js";
import type { Notes } from "./notes.js";

/** File Browser locale codes that name one of ours differently. */
const LOCALE_ALIASES: Record<string, string> = {
  ua: "uk",
  sv: "sv-se",
  "pt-pt": "pt",
  zh: "zh-cn",
  nl: "nl-be",
};

/** A File Browser locale as one of ours; an unknown one becomes `en`, with a note. */
export function mapLocale(raw: string, notes: Notes, subject: string): string {
  const code = raw.trim().toLowerCase().replace(/_/g, "-");
  if (code === "") return "en";
  const mapped = LOCALE_ALIASES[code] ?? code;
  if (isLocale(mapped)) return mapped;
  notes.add(subject, `locale "${raw}" is not one Scriptorium has: it becomes "en"`);
  return "en";
}

export function mapViewMode(raw: string, notes: Notes, subject: string): ViewMode {
  // File Browser stores "" until the user picks one, and shows it as a list.
  if (raw === "") return "list";
  if ((VIEW_MODES as readonly string[]).includes(raw)) return raw as ViewMode;
  notes.add(subject, `view mode "${raw}" is unknown: it becomes "list"`);
  return "list";
}

/**
 * File Browser's `asc` is inverted for names (API.md Part B §2.5): its name asc:false is A→Z,
 * ours asc:true (Part A §6). An empty or unknown field sorts by name the same way there.
 */
export function mapSorting(
  raw: { by: string; asc: boolean },
  notes: Notes,
  subject: string,
): Sorting {
  if (raw.by === "size" || raw.by === "modified") return { by: raw.by, asc: raw.asc };
  if (raw.by !== "" && raw.by !== "name") {
    notes.add(subject, `sorting by "${raw.by}" is unknown: it becomes sorting by name`);
  }
  return { by: "name", asc: !raw.asc };
}

/**
 * Permissions by name. Upstream File Browser has no `unzip` (the Maurolico fork has): without
 * it, unzip follows `create`, since extracting creates files. (An administrator gets every
 * permission through the users feature's rule.)
 */
export function mapPerm(raw: FbPerm, notes: Notes, subject: string): Perm {
  const byName: Record<string, boolean | undefined> = raw;
  const perm = Object.fromEntries(PERMISSIONS.map((p) => [p, byName[p] ?? false])) as Perm;
  if (raw.unzip === undefined) perm.unzip = perm.create;
  for (const [name, value] of Object.entries(byName)) {
    if (!(PERMISSIONS as readonly string[]).includes(name) && value) {
      notes.add(subject, `permission "${name}" is unknown and was left out`);
    }
  }
  return permWithAdminRule(perm);
}

export function mapCommands(raw: readonly string[]): string[] {
  return raw.map((c) => c.trim()).filter(Boolean);
}

function describeRule(rule: FbRule): string {
  const kind = rule.allow ? "allow" : "deny";
  return rule.regex
    ? `${kind} regex ${JSON.stringify(rule.regexp.raw)}`
    : `${kind} ${JSON.stringify(rule.path)}`;
}

/**
 * Rules checked as the API checks them (Part A §15). Regular expressions are RE2 here as in File
 * Browser (Go's regexp), so a pattern File Browser ran reads the same. An invalid one (a pattern
 * Go would not compile either, a path not rooted at "/") is left out with a note; leaving out a
 * deny rule may show what it hid, so that note is a warning.
 */
export function mapRules(raw: readonly FbRule[], notes: Notes, subject: string): Rule[] {
  const rules: Rule[] = [];
  for (const [i, fb] of raw.entries()) {
    const { allow, path, regex, regexp } = fb;
    const rule: Rule = { allow, path, regex, regexp: { raw: regexp.raw } };
    const problem = firstRuleProblem([rule]);
    if (!problem) {
      rules.push(rule);
      continue;
    }
    const why = ruleProblemMessage(problem).replace(/^Rule \d+: /, "");
    const risk = fb.allow ? "" : "; what it denied may now be visible: add a rule that works";
    notes.add(subject, `rule ${i + 1} (${describeRule(fb)}) left out: ${why}${risk}`, !fb.allow);
  }
  const prefixes = rules.filter((r) => !r.allow && !r.regex && r.path !== "/");
  if (prefixes.length > 0) {
    const paths = prefixes.map((r) => JSON.stringify(r.path)).join(", ");
    notes.add(
      subject,
      `deny rule(s) ${paths} match whole path components here; File Browser before 2.63.1 ` +
        `matched them as text prefixes ("/priv" also hid "/private"): check what they should hide`,
      true,
    );
  }
  return rules;
}

/** Notes the fields of a record that `schema` does not know, e.g. aceEditorTheme. */
export function noteOtherFields(
  record: object,
  schema: TObject,
  notes: Notes,
  subject: string,
): void {
  for (const [name, value] of otherFields(record, schema)) notes.unmapped(subject, name, value);
}

/** A rule of the users feature, or the message of the AppError it throws. */
function checked<T>(rule: () => T): { value: T } | { problem: string } {
  try {
    return { value: rule() };
  } catch (err) {
    if (err instanceof AppError) return { problem: err.message };
    throw err;
  }
}

/** The scope as stored here; undefined when it cannot be used. */
export function mapScope(raw: string): string | undefined {
  const scope = checked(() => cleanScope(raw));
  return "value" in scope ? scope.value : undefined;
}

/** A File Browser user as a new Scriptorium user, or why it cannot be imported. */
export function mapUser(fb: FbUser, notes: Notes): { user: NewUser } | { skip: string } {
  const username = checked(() => cleanUsername(fb.username));
  if ("problem" in username) return { skip: username.problem };
  if (!isBcryptHash(fb.password)) {
    return { skip: "the password field is not a bcrypt hash (is this a users export?)" };
  }
  const scope = checked(() => cleanScope(fb.scope));
  if ("problem" in scope) return { skip: scope.problem };
  const subject = `user "${username.value}"`;
  noteOtherFields(fb, FbUserSchema, notes, subject);
  return {
    user: withAdminRule({
      username: username.value,
      passwordHash: fb.password,
      scope: scope.value,
      locale: mapLocale(fb.locale, notes, subject),
      lockPassword: fb.lockPassword,
      viewMode: mapViewMode(fb.viewMode, notes, subject),
      singleClick: fb.singleClick,
      perm: mapPerm(fb.perm, notes, subject),
      commands: mapCommands(fb.commands),
      sorting: mapSorting(fb.sorting, notes, subject),
      rules: mapRules(fb.rules, notes, subject),
      hideDotfiles: fb.hideDotfiles,
      dateFormat: fb.dateFormat,
    }),
  };
}
