import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { IconButton } from "../../components/IconButton";
import { useIsNarrow } from "../../lib/use-element-width";
import type { OutlineItem } from "./use-outline";

interface OutlinePanelProps {
  items: readonly OutlineItem[] | null;
  current: number;
  onSelect: (index: number) => void;
  onClose: () => void;
}

/**
 * The outline of a Mauro-TeX document beside the text: its parts (books, chapters,
 * propositions… as the live checker finds them), indented by level, the one the cursor is in
 * marked. A click moves the cursor there. On a phone it is a sheet over the text, closed by a
 * choice, its button, Escape or a tap outside.
 */
export function OutlinePanel({ items, current, onSelect, onClose }: OutlinePanelProps) {
  const { t } = useTranslation();
  const narrow = useIsNarrow();
  const listRef = useRef<HTMLOListElement>(null);

  // The current part stays in sight as the cursor moves through a long document.
  useEffect(() => {
    const active = listRef.current?.querySelector<HTMLElement>('[aria-current="location"]');
    active?.scrollIntoView?.({ block: "nearest" });
  }, [current]);

  const select = (index: number) => {
    onSelect(index);
    if (narrow) onClose();
  };

  return (
    <>
      {narrow && <div className="editor-outline__backdrop" aria-hidden="true" onClick={onClose} />}
      <aside
        className="editor-outline"
        data-testid="editor-outline"
        aria-label={t("editor.outline.title")}
        onKeyDown={(event) => {
          if (event.key === "Escape" && narrow) {
            event.stopPropagation();
            onClose();
          }
        }}
      >
        <div className="editor-outline__bar">
          <h2 className="editor-outline__title">{t("editor.outline.title")}</h2>
          <IconButton
            icon="close"
            label={t("editor.outline.hide")}
            testId="editor-outline-close"
            onClick={onClose}
          />
        </div>
        {items === null ? (
          <p className="editor-outline__note">{t("editor.outline.waiting")}</p>
        ) : items.length === 0 ? (
          <p className="editor-outline__note" data-testid="editor-outline-empty">
            {t("editor.outline.empty")}
          </p>
        ) : (
          <ol className="editor-outline__list" ref={listRef}>
            {items.map((item, index) => (
              <li key={`${index}:${item.kind}`}>
                <button
                  type="button"
                  className="editor-outline__entry"
                  data-testid="editor-outline-entry"
                  data-kind={item.kind}
                  aria-current={index === current ? "location" : undefined}
                  style={{ paddingInlineStart: `${0.75 + Math.min(item.level, 6) * 0.9}rem` }}
                  title={t("editor.outline.goTo", { line: item.line })}
                  onClick={() => select(index)}
                >
                  <span className="editor-outline__name">{item.title}</span>
                  <span className="editor-outline__kind">{item.kind}</span>
                </button>
              </li>
            ))}
          </ol>
        )}
      </aside>
    </>
  );
}
