import {
  contactKind,
  LOCALES,
  LOGIN_CONTACT_MAX,
  LOGIN_DESCRIPTION_MAX,
  localeDirection,
  type Locale,
  type LoginTexts,
} from "@scriptorium/shared";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { normalizeLocale } from "../../../i18n";

/** Sets or clears one language's text. */
function withText(texts: Record<string, string>, locale: string, text: string) {
  const next = { ...texts };
  if (text === "") delete next[locale];
  else next[locale] = text;
  return next;
}

/** True when every contact is an e-mail or http(s) address (as the server checks them). */
export function loginContactsAreValid(texts: LoginTexts): boolean {
  return Object.values(texts.contact).every((text) => {
    const trimmed = text.trim();
    return trimmed === "" || (trimmed.length <= LOGIN_CONTACT_MAX && contactKind(trimmed) !== null);
  });
}

/**
 * The login page's texts (issue 31): a language picker with the 25 interface languages (those
 * with a text marked), that language's description and contact, and the language shown to
 * visitors whose own has none. Empty by default: the login page then shows nothing.
 */
export function LoginTextsFields({
  value,
  onChange,
}: {
  value: LoginTexts;
  onChange: (value: LoginTexts) => void;
}) {
  const { t, i18n } = useTranslation();
  const [locale, setLocale] = useState<Locale>(() => normalizeLocale(i18n.language));
  const description = value.description[locale] ?? "";
  const contact = value.contact[locale] ?? "";
  const contactBad = contact.trim() !== "" && contactKind(contact.trim()) === null;
  const written = (code: string) => Boolean(value.description[code] || value.contact[code]);
  const languages = Object.entries(LOCALES) as [Locale, string][];

  return (
    <fieldset className="field login-texts" data-testid="global-login-texts">
      <legend className="field__label">{t("globalSettings.login.title")}</legend>
      <p className="field__hint muted">{t("globalSettings.login.help")}</p>
      {/* The whole value, so that changing the language shown is no change (settings-changes). */}
      <input type="hidden" value={JSON.stringify(value)} />
      <label className="field">
        <span className="field__label">{t("globalSettings.login.language")}</span>
        <select
          className="input"
          value={locale}
          onChange={(e) => setLocale(e.target.value as Locale)}
          data-untracked=""
          data-testid="global-login-language"
        >
          {languages.map(([code, name]) => (
            <option key={code} value={code} lang={code}>
              {written(code) ? `${name} ✓` : name}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span className="field__label">{t("globalSettings.login.description")}</span>
        <textarea
          className="input"
          rows={6}
          lang={locale}
          dir={localeDirection(locale)}
          maxLength={LOGIN_DESCRIPTION_MAX}
          value={description}
          onChange={(e) =>
            onChange({ ...value, description: withText(value.description, locale, e.target.value) })
          }
          aria-describedby="login-description-help"
          data-untracked=""
          data-testid="global-login-description"
        />
        <span id="login-description-help" className="field__hint muted">
          {t("globalSettings.login.descriptionHelp", {
            length: description.length,
            max: LOGIN_DESCRIPTION_MAX,
          })}
        </span>
      </label>
      <label className="field">
        <span className="field__label">{t("globalSettings.login.contact")}</span>
        <input
          className={contactBad ? "input input--red" : "input"}
          dir="ltr"
          autoComplete="off"
          spellCheck={false}
          maxLength={LOGIN_CONTACT_MAX}
          placeholder="edition@example.org"
          value={contact}
          onChange={(e) =>
            onChange({ ...value, contact: withText(value.contact, locale, e.target.value) })
          }
          aria-invalid={contactBad || undefined}
          aria-describedby="login-contact-help"
          data-untracked=""
          data-testid="global-login-contact"
        />
        <span
          id="login-contact-help"
          className={contactBad ? "field__hint login-texts__bad" : "field__hint muted"}
          data-testid="global-login-contact-help"
        >
          {t(contactBad ? "globalSettings.login.contactBad" : "globalSettings.login.contactHelp")}
        </span>
      </label>
      <label className="field">
        <span className="field__label">{t("globalSettings.login.fallback")}</span>
        <select
          className="input"
          value={value.fallback}
          onChange={(e) => onChange({ ...value, fallback: e.target.value })}
          aria-describedby="login-fallback-help"
          data-testid="global-login-fallback"
        >
          <option value="">{t("globalSettings.login.noFallback")}</option>
          {languages.map(([code, name]) => (
            <option key={code} value={code} lang={code}>
              {name}
            </option>
          ))}
        </select>
        <span id="login-fallback-help" className="field__hint muted">
          {t("globalSettings.login.fallbackHelp")}
        </span>
      </label>
    </fieldset>
  );
}
