import type { Settings, User } from "@scriptorium/shared";
import type { UserDraft } from "./users-api";

/** A new user's form: the global defaults (API.md Part B §8.4) with no name or password. */
export function draftFromDefaults(defaults: Settings["defaults"]): UserDraft {
  return {
    id: 0,
    username: "",
    password: "",
    scope: defaults.scope,
    locale: defaults.locale,
    lockPassword: false,
    viewMode: defaults.viewMode,
    singleClick: defaults.singleClick,
    perm: { ...defaults.perm },
    commands: [...defaults.commands],
    sorting: { ...defaults.sorting },
    rules: [],
    hideDotfiles: defaults.hideDotfiles,
    dateFormat: defaults.dateFormat,
  };
}

export function draftFromUser(user: User): UserDraft {
  return { ...user, password: "" };
}

/** The commands field: space-separated words; empty gives no command (SPEC.md §5). */
export function parseWords(text: string): string[] {
  return text.split(/\s+/).filter(Boolean);
}
