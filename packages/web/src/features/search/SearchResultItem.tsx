import type { SearchResult } from "@scriptorium/shared";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Icon } from "../../components/Icon";
import { highlightParts } from "./highlight";
import { resultUrl } from "./result-url";

interface SearchResultItemProps {
  folder: string;
  result: SearchResult;
  /** The query the result answers, for the highlights of its snippet. */
  query: string;
  onOpen: () => void;
}

/** Where the path is cut: its folder (muted) and its name. */
function splitPath(path: string): [string, string] {
  const trimmed = path.replace(/\/+$/, "");
  const cut = trimmed.lastIndexOf("/") + 1;
  return [trimmed.slice(0, cut), trimmed.slice(cut)];
}

/** Text with the query's words marked (`<mark>`), as text nodes only. */
function Marked({ text, query }: { text: string; query: string }) {
  return (
    <>
      {highlightParts(text, query).map((part, i) =>
        part.match ? <mark key={i}>{part.text}</mark> : <span key={i}>{part.text}</span>,
      )}
    </>
  );
}

/**
 * One result: a link with a folder or file icon and the path below the searched folder, its
 * name's matching letters marked. A full-text result adds its line number and its line: the
 * whole source line of a Mauro-TeX file (`context`) or the snippet, the query's words marked,
 * with the sigla of the witnesses whose reading holds them beside it, and a badge on a hit in a
 * `%` comment.
 */
export function SearchResultItem({ folder, result, query, onOpen }: SearchResultItemProps) {
  const { t } = useTranslation();
  const [parent, name] = splitPath(result.path);
  const witnesses = result.witnesses ?? [];
  const line = result.context ?? result.snippet;
  const textHit = result.line !== undefined;
  return (
    <Link
      to={resultUrl(folder, result)}
      className="search__result"
      data-testid="search-result"
      data-path={result.path}
      onClick={onOpen}
    >
      <Icon name={result.dir ? "folder" : "file"} size={20} className="search__result-icon" />
      <span className="search__result-text">
        <span className="search__head">
          <span className="search__path" dir="ltr">
            {parent && <span className="search__parent">{parent}</span>}
            <span className="search__name">
              {textHit ? name : <Marked text={name} query={query} />}
            </span>
          </span>
          {result.line !== undefined && (
            <span className="search__line">{t("search.line", { line: result.line })}</span>
          )}
        </span>
        {(line !== undefined || witnesses.length > 0 || result.comment) && (
          <span className="search__context">
            {result.comment && (
              <span className="search__badge" data-testid="search-comment">
                {t("search.comment")}
              </span>
            )}
            {line !== undefined && (
              // The file's own text: its direction comes from its letters, not the interface's.
              <span className="search__snippet" dir="auto" data-testid="search-snippet">
                <Marked text={line} query={query} />
              </span>
            )}
            {witnesses.length > 0 && (
              <span className="search__witnesses" data-testid="search-witnesses">
                {t("search.witnesses", { list: witnesses.join(", ") })}
              </span>
            )}
          </span>
        )}
      </span>
    </Link>
  );
}
