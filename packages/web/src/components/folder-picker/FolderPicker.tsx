import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { useUser } from "../../state/auth-store";
import { fetchResource, resourceKey } from "../../api/resource-api";
import { DOUBLE_CLICK_MS } from "../use-item-handlers";
import {
  FolderOption,
  focusByKey,
  ListNote,
  PickerBar,
  useReportChosen,
} from "./FolderPickerParts";
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

  useReportChosen(selected ?? browsing, onChange);

  const open = (path: string, fromKeyboard = false) => {
    setBrowsing(asFolder(path));
    setSelected(null);
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
    if (path === "" && (event.key === "Enter" || event.key === " ")) {
      // "..": both keys go up.
      event.preventDefault();
      open(parentFolder(browsing), true);
    } else if (event.key === "Enter") {
      event.preventDefault();
      if (!isDisabled?.(path)) open(path, true);
    } else if (event.key === " ") {
      event.preventDefault();
      if (!isDisabled?.(path)) setSelected((current) => (current === path ? null : path));
    } else if (list.current && focusByKey(list.current, target, event.key)) {
      event.preventDefault();
    }
  };

  return (
    <div className="folder-picker" data-testid="folder-picker" data-path={browsing}>
      <PickerBar
        folder={browsing}
        onOpen={open}
        allowCreate={allowCreate}
        onCreated={setSelected}
      />
      <ul
        ref={list}
        className="folder-picker__list"
        role="listbox"
        aria-label={t("folderPicker.folders")}
      >
        {browsing !== "/" && (
          <FolderOption
            icon="parentFolder"
            name=".."
            up
            tabbable={tabStop === ""}
            onClick={() => open(parentFolder(browsing))}
            onFocus={() => setFocusKey("")}
            onKeyDown={(event) => keyDown(event, "")}
          />
        )}
        {folders.map((item) => {
          const path = asFolder(item.path);
          return (
            <FolderOption
              key={item.name}
              icon="folder"
              name={item.name}
              selected={selected === path}
              disabled={isDisabled?.(path) ?? false}
              tabbable={tabStop === path}
              onClick={(event) => click(path, event.timeStamp || performance.now())}
              onFocus={() => setFocusKey(path)}
              onKeyDown={(event) => keyDown(event, path)}
            />
          );
        })}
        <ListNote query={query} empty={folders.length === 0} />
      </ul>
    </div>
  );
}
