import type { ReadingChange } from "@scriptorium/shared";
import { useTranslation } from "react-i18next";

/** One reading, or a dash standing for none (the witness had no reading on that side). */
function Reading({ text }: { text: string | null }) {
  const { t } = useTranslation();
  if (text === null) {
    return (
      <span className="readings__none" title={t("history.noReading")}>
        <span aria-hidden="true">—</span>
        <span className="visually-hidden">{t("history.noReading")}</span>
      </span>
    );
  }
  return (
    <code className="readings__text" dir="ltr">
      {text === "" ? "\u00a0" : text}
    </code>
  );
}

/**
 * The Mauro-TeX variants a diff touches (`\VV{{A/B:r}{C:s}}` and the like): for each, its macro
 * and line, whether it was added, removed or changed, and each witness whose reading differs
 * with its reading before → after.
 */
export function ReadingsList({ readings }: { readings: readonly ReadingChange[] }) {
  const { t } = useTranslation();
  return (
    <section className="readings" data-testid="readings" aria-labelledby="readings-title">
      <h3 className="readings__title" id="readings-title">
        {t("history.readingsChanged", { count: readings.length })}
      </h3>
      <ul className="readings__list">
        {readings.map((change, index) => (
          <li
            key={index}
            className="readings__item"
            data-testid="reading-change"
            data-kind={change.kind}
          >
            <div className="readings__head">
              <code dir="ltr">{change.macro}</code>
              <span>{t("history.atLine", { line: change.line })}</span>
              <span className={`readings__kind readings__kind--${change.kind}`}>
                {t(`history.readingKinds.${change.kind}`)}
              </span>
              <span className="readings__sigla" data-testid="reading-sigla">
                {t("history.sigla", { sigla: change.sigla.join(", ") })}
              </span>
            </div>
            <dl className="readings__pairs">
              {change.readings.map((reading) => (
                <div key={reading.siglum} className="readings__pair" data-testid="reading-pair">
                  <dt>
                    <bdi>{reading.siglum}</bdi>
                  </dt>
                  <dd>
                    <Reading text={reading.old} />
                    <span className="readings__arrow" aria-hidden="true">
                      →
                    </span>
                    <span className="visually-hidden">{t("history.becomes")}</span>
                    <Reading text={reading.new} />
                  </dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    </section>
  );
}
