import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import { Icon, type IconName } from "../../components/Icon";
import { IconButton } from "../../components/IconButton";
import { FolderPath } from "./FolderPath";
import { NewFolderRow } from "./NewFolderRow";

/* The pieces of the folder picker: its bar, its options, its notes and its keyboard moves. */

/** Calls `onChange` with the chosen folder at once and whenever it changes. */
export function useReportChosen(chosen: string, onChange: (path: string) => void) {
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });
  useEffect(() => onChangeRef.current(chosen), [chosen]);
}

interface PickerBarProps {
  folder: string;
  onOpen: (path: string) => void;
  allowCreate: boolean | undefined;
  /** A folder was made: it becomes the chosen one. */
  onCreated: (path: string) => void;
}

/** The path of the folder on display, and "new folder" with its row when allowed. */
export function PickerBar({ folder, onOpen, allowCreate, onCreated }: PickerBarProps) {
  const { t } = useTranslation();
  // The folder whose new-folder row is open: opening another folder closes it.
  const [creatingIn, setCreatingIn] = useState<string | null>(null);
  const creating = creatingIn === folder;
  return (
    <>
      <div className="folder-picker__bar">
        <FolderPath path={folder} onOpen={onOpen} />
        {allowCreate && (
          <IconButton
            icon="folderPlus"
            iconSize={22}
            label={t("sidebar.newFolder")}
            className="folder-picker__new-button"
            aria-expanded={creating}
            testId="folder-picker-new"
            onClick={() => setCreatingIn(creating ? null : folder)}
          />
        )}
      </div>
      {creating && (
        <NewFolderRow
          folder={folder}
          onCreated={(path) => {
            setCreatingIn(null);
            onCreated(path);
          }}
          onCancel={() => setCreatingIn(null)}
        />
      )}
    </>
  );
}

const MOVES = ["ArrowDown", "ArrowUp", "Home", "End"] as const;

/** Arrow keys, Home and End move the focus among the list's options; false for other keys. */
export function focusByKey(list: HTMLElement, from: HTMLElement, key: string): boolean {
  const move = MOVES.find((name) => name === key);
  if (!move) return false;
  const options = [...list.querySelectorAll<HTMLElement>("[role=option]")];
  const at = options.indexOf(from);
  const last = options.length - 1;
  const index = {
    ArrowDown: Math.min(at + 1, last),
    ArrowUp: Math.max(at - 1, 0),
    Home: 0,
    End: last,
  };
  options[index[move]]?.focus();
  return true;
}

interface FolderOptionProps {
  icon: IconName;
  name: string;
  /** The ".." option, which goes up. */
  up?: boolean;
  selected?: boolean;
  disabled?: boolean;
  /** The list's one Tab stop. */
  tabbable: boolean;
  onClick: (event: MouseEvent<HTMLLIElement>) => void;
  onFocus: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLLIElement>) => void;
}

/** One option of the list: ".." or a folder. */
export function FolderOption({
  icon,
  name,
  up,
  selected,
  disabled,
  tabbable,
  ...on
}: FolderOptionProps) {
  const { t } = useTranslation();
  return (
    <li
      role="option"
      aria-selected={selected ?? false}
      aria-disabled={disabled || undefined}
      tabIndex={tabbable ? 0 : -1}
      className={up ? "folder-picker__item folder-picker__item--up" : "folder-picker__item"}
      data-testid={up ? "folder-picker-up" : "folder-picker-item"}
      data-name={up ? undefined : name}
      title={up ? t("folderPicker.up") : undefined}
      onClick={on.onClick}
      onFocus={on.onFocus}
      onKeyDown={on.onKeyDown}
    >
      <Icon name={icon} size={20} />
      <span className="folder-picker__name">{up ? name : <bdi>{name}</bdi>}</span>
    </li>
  );
}

/** Loading, failed, or no folder here. */
export function ListNote({
  query,
  empty,
}: {
  query: { isPending: boolean; isError: boolean; isSuccess: boolean };
  empty: boolean;
}) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <li className="folder-picker__note" role="presentation">
        <span className="spinner folder-picker__spinner" aria-hidden="true" />
        {t("files.loading")}
      </li>
    );
  }
  if (query.isError) {
    return (
      <li className="folder-picker__note" role="presentation">
        {t("files.loadError")}
      </li>
    );
  }
  if (!empty) return null;
  return (
    <li className="folder-picker__note" role="presentation" data-testid="folder-picker-empty">
      {t("folderPicker.empty")}
    </li>
  );
}
