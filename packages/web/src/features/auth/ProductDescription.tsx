import { contactKind, localeDirection, pickLoginText } from "@scriptorium/shared";
import { useTranslation } from "react-i18next";
import { useGlobals } from "../../lib/globals";

/**
 * What the admin wrote for the login page (issue 31: branding.login): the description of this
 * installation and where to ask for an account, in the visitor's language, else in the
 * fallback language the admin chose. Nothing when neither has a text: nothing is invented.
 */
export function ProductDescription() {
  const { t, i18n } = useTranslation();
  const texts = useGlobals().LoginTexts;
  if (!texts) return null;
  const description = pickLoginText(texts.description, i18n.language, texts.fallback);
  const contact = pickLoginText(texts.contact, i18n.language, texts.fallback);
  if (!description && !contact) return null;
  return (
    <section className="login-about" aria-label={t("login.about")} data-testid="login-about">
      {description && (
        <div
          className="login-about__text"
          lang={description.locale}
          dir={localeDirection(description.locale)}
          data-testid="login-description"
        >
          {description.text.split(/\n{2,}/).map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
        </div>
      )}
      {contact && (
        <p className="login-about__contact" data-testid="login-contact">
          {t("login.contact")} <ContactLink address={contact.text} />
        </p>
      )}
    </section>
  );
}

/** An e-mail address as a mailto: link, an http(s) address as a link; anything else as text. */
function ContactLink({ address }: { address: string }) {
  const kind = contactKind(address);
  if (!kind) return <span dir="ltr">{address}</span>;
  const href = kind === "email" ? `mailto:${address}` : address;
  return (
    <a href={href} dir="ltr" rel={kind === "url" ? "noopener noreferrer" : undefined}>
      {address}
    </a>
  );
}
