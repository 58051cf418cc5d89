import {
  allPermissions,
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
import { cleanUsername } from "../../features/users/users.service.js";
import type { NewUser } from "../../features/users/users.store.js";
import { isBcryptHash } from "../../lib/passwords.js";
import type { FbRule, FbUser, FbUserFields } from "./fb-records.js";
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
 * it, unzip follows `create`, since extracting creates files. Admins get every permission.
 */
export function mapPerm(raw: Record<string, boolean>, notes: Notes, subject: string): Perm {
  if (raw.admin) return allPermissions();
  const perm = Object.fromEntries(PERMISSIONS.map((p) => [p, raw[p] ?? false])) as Perm;
  if (raw.unzip === undefined) perm.unzip = perm.create;
  for (const name of Object.keys(raw)) {
    if (!(PERMISSIONS as readonly string[]).includes(name) && raw[name]) {
      notes.add(subject, `permission "${name}" is unknown and was left out`);
    }
  }
  return perm;
}

export function mapCommands(raw: readonly string[]): string[] {
  return raw.map((c) => c.trim()).filter(Boolean);
}

function describeRule(rule: FbRule): string {
  const kind = rule.allow ? "allow" : "deny";
  return rule.regex
    ? `${kind} regex ${JSON.stringify(rule.raw)}`
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
    const rule: Rule = { allow: fb.allow, path: fb.path, regex: fb.regex, regexp: { raw: fb.raw } };
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

/** Notes the fields of a user or of the defaults that have no place here. */
export function noteOtherFields(fields: FbUserFields, notes: Notes, subject: string): void {
  for (const [name, value] of fields.other) notes.unmapped(subject, name, value);
}

/** The scope as stored here; undefined when it cannot be used. */
export function mapScope(raw: string): string | undefined {
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  if (/[\u0000-\u001f\u007f]/.test(raw)) return undefined;
  return raw.trim() || ".";
}

/** A File Browser user as a new Scriptorium user, or why it cannot be imported. */
export function mapUser(fb: FbUser, notes: Notes): { user: NewUser } | { skip: string } {
  let username: string;
  try {
    username = cleanUsername(fb.username);
  } catch (err) {
    if (err instanceof AppError) return { skip: err.message };
    throw err;
  }
  if (!isBcryptHash(fb.password)) {
    return { skip: "the password field is not a bcrypt hash (is this a users export?)" };
  }
  const scope = mapScope(fb.scope);
  if (scope === undefined) return { skip: "the scope has control characters" };
  const subject = `user "${username}"`;
  const perm = mapPerm(fb.perm, notes, subject);
  noteOtherFields(fb, notes, subject);
  return {
    user: {
      username,
      passwordHash: fb.password,
      scope,
      locale: mapLocale(fb.locale, notes, subject),
      lockPassword: perm.admin ? false : fb.lockPassword,
      viewMode: mapViewMode(fb.viewMode, notes, subject),
      singleClick: fb.singleClick,
      perm,
      commands: mapCommands(fb.commands),
      sorting: mapSorting(fb.sorting, notes, subject),
      rules: mapRules(fb.rules, notes, subject),
      hideDotfiles: fb.hideDotfiles,
      dateFormat: fb.dateFormat,
    },
  };
}
