import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "../Icon";
import { useUser } from "../../state/auth-store";
import { fetchResource, resourceKey } from "../../api/resource-api";
import { DOUBLE_CLICK_MS } from "../use-item-handlers";
import { FolderPath } from "./FolderPath";
import { NewFolderRow } from "./NewFolderRow";
import { asFolder, parentFolder } from "../../lib/paths";
import "./folder-picker.css";

export interface FolderPickerProps {
  /** The folder it opens at (decoded path; "/" is the user's root). */
  initialPath: string;
  /**
   * The chosen folder (decoded, ending with "/"): the folder on display, or the folder clicked
   * inside it. Called at once with the initial folder, then on every change.
   */
  onChange: (selectedPath: string) => void;
  /** Offers "new folder" in the folder on display (the user's create permission). */
  allowCreate?: boolean;
  /** Folders that can be neither chosen nor opened, e.g. folders being moved. */
  isDisabled?: (path: string) => boolean;
}

/**
 * Picks a destination folder (SPEC.md §2, move and copy; reused by "extract to"): lists the
 * folders of one folder, '..' goes up (never above the root), a click selects a folder — or
 * opens it with the singleClick setting —, a double click or double tap opens it, and the
 * current path above the list jumps back to any level.
 */
export function FolderPicker({
  initialPath,
  onChange,
  allowCreate,
  isDisabled,
}: FolderPickerProps) {
  const { t } = useTranslation();
  const singleClick = Boolean(useUser()?.singleClick);
  const [browsing, setBrowsing] = useState(() => asFolder(initialPath));
  const [selected, setSelected] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const lastClick = useRef<{ path: string; time: number } | null>(null);
  // The list is one Tab stop (roving tabindex): the option the keyboard was last on ("" is
  // ".."), else the chosen folder, else the first option.
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const list = useRef<HTMLUListElement>(null);
  const focusFirst = useRef(false);

  const query = useQuery({
    queryKey: resourceKey(browsing),
    queryFn: ({ signal }) => fetchResource(browsing, signal),
  });
  const folders = (query.data?.items ?? []).filter((item) => item.isDir);
  const keys = [...(browsing !== "/" ? [""] : []), ...folders.map((item) => asFolder(item.path))];
  const tabStop =
    [focusKey, selected].find((key) => key !== null && keys.includes(key)) ?? keys[0] ?? null;

  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });
  const chosen = selected ?? browsing;
  useEffect(() => onChangeRef.current(chosen), [chosen]);

  const open = (path: string, fromKeyboard = false) => {
    setBrowsing(asFolder(path));
    setSelected(null);
    setCreating(false);
    setFocusKey(null);
    lastClick.current = null;
    focusFirst.current = fromKeyboard;
  };
  // Opened from the keyboard: the focus goes on to the new folder's first option.
  useEffect(() => {
    if (!focusFirst.current || !query.isSuccess) return;
    focusFirst.current = false;
    list.current?.querySelector<HTMLElement>("[role=option]")?.focus();
  }, [query.isSuccess, browsing]);

  const click = (path: string, time: number) => {
    if (isDisabled?.(path)) return;
    const previous = lastClick.current;
    if (singleClick || (previous?.path === path && time - previous.time < DOUBLE_CLICK_MS)) {
      open(path);
      return;
    }
    lastClick.current = { path, time };
    setSelected((current) => (current === path ? null : path));
  };

  const keyDown = (event: KeyboardEvent<HTMLLIElement>, path: string) => {
    const target = event.currentTarget;
    if (event.key === "Enter") {
      event.preventDefault();
      if (!isDisabled?.(path)) open(path, true);
    } else if (event.key === " ") {
      event.preventDefault();
      if (!isDisabled?.(path)) setSelected((current) => (current === path ? null : path));
    } else if (["ArrowDown", "ArrowUp", "Home", "End"].includes(event.key)) {
      event.preventDefault();
      const options = [...(list.current?.querySelectorAll<HTMLElement>("[role=option]") ?? [])];
      const at = options.indexOf(target);
      const index = {
        ArrowDown: Math.min(at + 1, options.length - 1),
        ArrowUp: Math.max(at - 1, 0),
        Home: 0,
        End: options.length - 1,
      }[event.key as "ArrowDown" | "ArrowUp" | "Home" | "End"];
      options[index]?.focus();
    }
  };

  return (
    <div className="folder-picker" data-testid="folder-picker" data-path={browsing}>
      <div className="folder-picker__bar">
        <FolderPath path={browsing} onOpen={open} />
        {allowCreate && (
          <button
            type="button"
            className="icon-button folder-picker__new-button"
            title={t("sidebar.newFolder")}
            aria-label={t("sidebar.newFolder")}
            aria-expanded={creating}
            data-testid="folder-picker-new"
            onClick={() => setCreating((value) => !value)}
          >
            <Icon name="folderPlus" size={22} />
          </button>
        )}
      </div>
      {creating && (
        <NewFolderRow
          folder={browsing}
          onCreated={(path) => {
            setCreating(false);
            setSelected(path);
          }}
          onCancel={() => setCreating(false)}
        />
      )}
      <ul
        ref={list}
        className="folder-picker__list"
        role="listbox"
        aria-label={t("folderPicker.folders")}
      >
        {browsing !== "/" && (
          <li
            role="option"
            aria-selected={false}
            tabIndex={tabStop === "" ? 0 : -1}
            className="folder-picker__item folder-picker__item--up"
            data-testid="folder-picker-up"
            title={t("folderPicker.up")}
            onClick={() => open(parentFolder(browsing))}
            onFocus={() => setFocusKey("")}
            onKeyDown={(event) => {
              if (event.key === "Enter" || event.key === " ") {
                event.preventDefault();
                open(parentFolder(browsing), true);
              } else keyDown(event, "");
            }}
          >
            <Icon name="parentFolder" size={20} />
            <span className="folder-picker__name">..</span>
          </li>
        )}
        {folders.map((item) => {
          const path = asFolder(item.path);
          const disabled = isDisabled?.(path) ?? false;
          return (
            <li
              key={item.name}
              role="option"
              aria-selected={selected === path}
              aria-disabled={disabled || undefined}
              tabIndex={tabStop === path ? 0 : -1}
              className="folder-picker__item"
              data-testid="folder-picker-item"
              data-name={item.name}
              onClick={(event) => click(path, event.timeStamp || performance.now())}
              onFocus={() => setFocusKey(path)}
              onKeyDown={(event) => keyDown(event, path)}
            >
              <Icon name="folder" size={20} />
              <span className="folder-picker__name">
                <bdi>{item.name}</bdi>
              </span>
            </li>
          );
        })}
        {query.isPending && (
          <li className="folder-picker__note" role="presentation">
            <span className="folder-picker__spinner" aria-hidden="true" />
            {t("files.loading")}
          </li>
        )}
        {query.isError && (
          <li className="folder-picker__note" role="presentation">
            {t("files.loadError")}
          </li>
        )}
        {query.isSuccess && folders.length === 0 && (
          <li className="folder-picker__note" role="presentation" data-testid="folder-picker-empty">
            {t("folderPicker.empty")}
          </li>
        )}
      </ul>
    </div>
  );
}
