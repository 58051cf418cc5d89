import { SEARCH_TYPE_SHORTCUTS } from "@scriptorium/shared";
import { useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { Icon, type IconName } from "../../components/Icon";
import { IconButton } from "../../components/IconButton";
import { useModalDialog } from "../../components/use-modal-dialog";
import "../../components/modal.css";
import { hasComment, hasType, toggleComment, toggleType } from "./query-types";
import { SearchResults } from "./SearchResults";
import { SearchStatus } from "./SearchStatus";
import { useSearch } from "./use-search";
import "./search.css";

type TypeShortcut = (typeof SEARCH_TYPE_SHORTCUTS)[number];

const TYPE_ICONS: Record<TypeShortcut, IconName> = {
  image: "fileImage",
  audio: "fileAudio",
  video: "fileVideo",
  pdf: "filePdf",
  text: "fileText",
};

/** What the query field says is searched: names, words inside files or `%` comments. */
function placeholderKey(content: boolean, comments: boolean) {
  if (comments) return "search.placeholderComments" as const;
  return content ? ("search.placeholderContent" as const) : ("search.placeholder" as const);
}

interface SearchDialogProps {
  /** The folder searched, ending with "/". */
  folder: string;
  onClose: () => void;
}

/**
 * The search overlay (SPEC.md §2): a modal dialog with the query field focused, the type
 * buttons, the full-text switch and the results. Results come as the user types; Enter asks at
 * once; Escape closes. While it is open the page's shortcuts (Delete, F2, …) stay off.
 */
export function SearchDialog({ folder, onClose }: SearchDialogProps) {
  const { t } = useTranslation();
  const modal = useModalDialog(onClose);
  const [query, setQuery] = useState("");
  const [content, setContent] = useState(false);
  const search = useSearch(folder, query, content);
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);

  const focusInput = () => inputRef.current?.focus();

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    // The page's keyboard layer listens on window: keys pressed here are the overlay's own.
    event.stopPropagation();
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "f") {
      event.preventDefault();
      inputRef.current?.select();
      focusInput();
      return;
    }
    modal.onKeyDown(event);
  };

  const onInputKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "ArrowDown") return;
    const first = listRef.current?.querySelector<HTMLElement>(".search__result");
    if (!first) return;
    event.preventDefault();
    first.focus();
  };

  return (
    <dialog
      ref={modal.ref}
      className="modal search"
      aria-label={t("search.title")}
      data-testid="search"
      tabIndex={-1}
      onKeyDown={onKeyDown}
      onMouseDown={modal.onMouseDown}
    >
      <form
        role="search"
        className="search__bar"
        onSubmit={(event) => {
          event.preventDefault();
          search.runNow();
        }}
      >
        <Icon name="search" className="search__bar-icon" />
        <input
          ref={inputRef}
          type="search"
          name="query"
          className="search__input"
          value={query}
          placeholder={t(placeholderKey(content, hasComment(query)))}
          aria-label={t("search.title")}
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
          data-testid="search-input"
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={onInputKeyDown}
        />
        <IconButton
          icon="close"
          label={t("search.close")}
          testId="search-close"
          onClick={onClose}
        />
      </form>
      <SearchOptions
        query={query}
        onType={(type) => {
          setQuery(toggleType(query, type));
          focusInput();
        }}
        content={content}
        onContent={setContent}
        onComments={() => {
          setQuery(toggleComment(query));
          focusInput();
        }}
      />
      <SearchStatus folder={folder} search={search} />
      {search.results.length > 0 ? (
        <SearchResults
          key={search.serial}
          folder={folder}
          results={search.results}
          query={search.answered}
          listRef={listRef}
          onLeaveTop={focusInput}
          onOpen={onClose}
        />
      ) : (
        search.status === "idle" && <p className="search__hint">{t("search.hint")}</p>
      )}
    </dialog>
  );
}

interface SearchOptionsProps {
  query: string;
  /** A type button: adds the type to the query, or takes it out. */
  onType: (type: TypeShortcut) => void;
  content: boolean;
  onContent: (content: boolean) => void;
  /** The comments switch: adds `comment:` to the query, or takes it out. */
  onComments: () => void;
}

/**
 * The type buttons (pressed while the query holds the type), the full-text switch and the
 * comments switch (checked while the query holds `comment:`, which searches `%` comments).
 */
function SearchOptions({ query, onType, content, onContent, onComments }: SearchOptionsProps) {
  const { t } = useTranslation();
  return (
    <div className="search__options">
      <div className="search__types" role="group" aria-label={t("search.types.label")}>
        {SEARCH_TYPE_SHORTCUTS.map((type) => (
          <button
            key={type}
            type="button"
            className="search__type"
            aria-pressed={hasType(query, type)}
            data-testid={`search-type-${type}`}
            onClick={() => onType(type)}
          >
            <Icon name={TYPE_ICONS[type]} size={18} />
            {t(`search.types.${type}`)}
          </button>
        ))}
      </div>
      <div className="search__switches">
        <label className="search__content" title={t("search.insideFilesHint")}>
          <input
            type="checkbox"
            checked={content}
            data-testid="search-content"
            onChange={(event) => onContent(event.target.checked)}
          />
          {t("search.insideFiles")}
        </label>
        <label className="search__content" title={t("search.commentsHint")}>
          <input
            type="checkbox"
            checked={hasComment(query)}
            data-testid="search-comments"
            onChange={onComments}
          />
          {t("search.comments")}
        </label>
      </div>
    </div>
  );
}
