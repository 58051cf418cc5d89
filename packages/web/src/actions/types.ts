import type { PageGlobals, TokenUser } from "@scriptorium/shared";
import type { QueryClient } from "@tanstack/react-query";
import type { ParseKeys } from "i18next";
import type { IconName } from "../components/Icon";
import type { CurrentResource } from "../state/current-resource";
import type { PromptSpec } from "../prompts";
import type { ToolStatesView } from "../state/tool-states";

/** What an action may look at and use; built fresh for each render or key press. */
export interface ActionContext {
  user: TokenUser | null;
  globals: PageGlobals;
  /** Router path of the current page, without the base URL. */
  pathname: string;
  navigate: (to: string) => void;
  showPrompt: (spec: PromptSpec) => void;
  /** The file or folder /files shows, once loaded; null on other pages. */
  current: CurrentResource | null;
  /** How many items of the listing are selected. */
  selectedCount: number;
  /** Names of the selected items of the listing. */
  selected: ReadonlySet<string>;
  /** Multiple-selection mode of the listing. */
  multiple: boolean;
  /** The shell panel is open. */
  shellOpen: boolean;
  /** Server state, for actions that change files (listings reload after them). */
  queryClient: QueryClient;
  /**
   * The edition tools' states on this server (`GET /api/mauro/tools`), "loading" until known;
   * absent when they could not be read (the page globals then say which tools are on).
   */
  toolStates?: ToolStatesView;
}

export interface Shortcut {
  /** KeyboardEvent.key, compared case-insensitively ("F1", "Delete", "s"). */
  key: string;
  /** Ctrl on Windows and Linux, Cmd on macOS. */
  mod?: boolean;
  shift?: boolean;
}

/**
 * Where an action appears; the keyboard layer only needs a shortcut. "selection" is the bar
 * at the bottom of narrow screens (≤ 736 px) while items are selected.
 */
export type ActionPlacement = "header" | "sidebar" | "selection";

/**
 * One user command (STYLE.md: declarative actions used by the header, the selection bar and
 * the keyboard alike).
 */
export interface Action {
  id: string;
  label: ParseKeys;
  icon: IconName;
  shortcut?: Shortcut;
  placements: readonly ActionPlacement[];
  /** An icon that follows state, e.g. switch view shows the mode it switches to. */
  iconFor?: (ctx: ActionContext) => IconName;
  /** A number shown on the button, e.g. download's selection counter; hidden when 0/undefined. */
  badge?: (ctx: ActionContext) => number | undefined;
  /** A toggle's state (aria-pressed); undefined for plain commands. */
  isActive?: (ctx: ActionContext) => boolean;
  /** May run again while its earlier work still runs (upload adds files to the queue). */
  concurrent?: boolean;
  isVisible: (ctx: ActionContext) => boolean;
  perform: (ctx: ActionContext) => void | Promise<void>;
}
