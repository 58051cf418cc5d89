/**
 * The login page presents the product in Italian (SPEC.md §1), whatever the interface
 * language, so this text is deliberately not translated.
 */

/** Where account requests go; replace with the real address of the edition's coordinator. */
export const CONTACT_EMAIL = "edizione.maurolico@example.org";

const INTRO =
  "Scriptorium è una piattaforma online per l’allestimento e la gestione di un’edizione " +
  "critica, sviluppata per l’Edizione Nazionale delle opere matematiche di Francesco " +
  "Maurolico. Mette a disposizione dei collaboratori un linguaggio di marcatura, Mauro-TeX, " +
  "e un insieme di applicazioni che permettono di:";

const POINTS = [
  "fornire il testo critico tenendo conto dell’intera tradizione manoscritta e a stampa;",
  "registrare le informazioni filologiche in modo che ogni testimone possa essere " +
    "integralmente ricostruito;",
  "uniformare la presentazione e i criteri editoriali del lavoro di numerosi collaboratori.",
];

const CONTACT = "Per richiedere un account scrivete al coordinatore dell’edizione:";

export function ProductDescription() {
  return (
    <section className="login-about" lang="it" dir="ltr" data-testid="login-description">
      <p>{INTRO}</p>
      <ol>
        {POINTS.map((point) => (
          <li key={point}>{point}</li>
        ))}
      </ol>
      <p className="login-about__contact" data-testid="login-contact">
        {CONTACT} <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>
      </p>
    </section>
  );
}
