import { useTranslation } from "react-i18next";
import "./organise.css";

/** How many names are listed before "and N more". */
const LISTED = 8;

/** The names a dialog acts on, as a short scrolling list. */
export function ItemNames({ names }: { names: readonly string[] }) {
  const { t } = useTranslation();
  const listed = names.slice(0, LISTED);
  const more = names.length - listed.length;
  return (
    <ul className="organise__names" data-testid="prompt-names">
      {listed.map((name) => (
        <li key={name}>
          <bdi>{name}</bdi>
        </li>
      ))}
      {more > 0 && <li className="muted">{t("prompts.andMore", { count: more })}</li>}
    </ul>
  );
}
