import { isLocale } from "./locales.js";

/** The longest login description in one language, in characters. */
export const LOGIN_DESCRIPTION_MAX = 2000;
/** The longest contact address in one language, in characters. */
export const LOGIN_CONTACT_MAX = 320;

/**
 * The login page's texts (issue 31), per interface language: the description of the
 * installation and where to ask for an account. Empty by default: the login page shows none.
 */
export interface LoginTexts {
  description: Record<string, string>;
  contact: Record<string, string>;
  /** The language whose text is shown when the visitor's has none; "" for none. */
  fallback: string;
}

export const EMPTY_LOGIN_TEXTS: LoginTexts = { description: {}, contact: {}, fallback: "" };

const EMAIL = /^[^\s@<>()[\],;:"]+@[^\s@<>()[\],;:"]+\.[^\s@<>()[\],;:"]+$/;

/** What a contact is: an e-mail address, an http(s) address, or null for anything else. */
export function contactKind(text: string): "email" | "url" | null {
  if (EMAIL.test(text)) return "email";
  try {
    const url = new URL(text);
    return (url.protocol === "http:" || url.protocol === "https:") && /^https?:\/\//i.test(text)
      ? "url"
      : null;
  } catch {
    return null;
  }
}

/** The text of `locale`, else that of the fallback language, with the language it is in. */
export function pickLoginText(
  texts: Record<string, string> | undefined,
  locale: string,
  fallback: string,
): { text: string; locale: string } | null {
  if (!texts) return null;
  for (const code of [locale, fallback]) {
    const text = code && isLocale(code) ? texts[code] : undefined;
    if (text) return { text, locale: code };
  }
  return null;
}
