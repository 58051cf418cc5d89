import type { Item } from "@scriptorium/shared";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "../../components/Icon";
import type { ShareUrls } from "./public-share-api";

/**
 * "Read the edition": the HTML m2hv wrote in a shared folder, on the share page (issue 31). The
 * frame page (text and apparatus) in an iframe sandboxed without scripts, served by the link's
 * own reading route, whose CSP forbids scripts too and whose pages are those of this folder only.
 */
export function ShareEdition({ pages, urls }: { pages: readonly Item[]; urls: ShareUrls }) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState(0);
  const page = pages[chosen] ?? pages[0];
  if (!page) return null;
  const src = urls.read(page.path);
  return (
    <details className="card share-edition" open data-testid="share-edition">
      <summary className="share-edition__summary">
        <Icon name="toolHtml" size={20} />
        <h2 className="share-edition__title">{t("sharePage.edition")}</h2>
        <Icon name="chevronDown" size={20} className="share-edition__chevron" />
      </summary>
      <div className="share-edition__bar">
        <p className="muted share-edition__hint">{t("sharePage.editionHint")}</p>
        {pages.length > 1 && (
          <label className="share-edition__choice">
            <span>{t("sharePage.editionPage")}</span>
            <select
              value={chosen}
              onChange={(event) => setChosen(Number(event.target.value))}
              data-testid="share-edition-page"
            >
              {pages.map((p, i) => (
                <option key={p.path} value={i}>
                  {p.name}
                </option>
              ))}
            </select>
          </label>
        )}
        <a
          className="button"
          href={src}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="share-edition-open"
        >
          <Icon name="external" size={20} />
          {t("sharePage.editionOpen")}
        </a>
      </div>
      <iframe
        key={src}
        className="share-edition__frame"
        src={src}
        sandbox=""
        referrerPolicy="no-referrer"
        title={t("sharePage.editionFrame", { name: page.name })}
        data-testid="share-edition-frame"
      />
    </details>
  );
}
