import type { Tool } from "@scriptorium/shared";
import type { UserFs } from "../../storage/user-fs.js";
import type { UserRecord } from "../users/users.store.js";
import type { FontCache } from "./font-cache.js";

/** What the LaTeX tools share: where the support folders are, and the font cache. */
export interface LatexContext {
  supportFolders: readonly string[];
  fontCache?: FontCache;
  sandboxed: boolean;
}

/** A tool's program as found on this server, and the folders it runs with. */
export interface LocatedTool {
  tool: Tool;
  /** The program's name (its folder first on PATH). */
  executable: string;
  toolFolders: string[];
}

/** What a run of a tool needs, once the request is checked. */
export interface ToolRun {
  tool: Tool;
  fs: UserFs;
  user: UserRecord;
  /** The `.tex` source: its user path and its real path on disk. */
  source: { path: string; abs: string; real: string };
  executable: string;
  args: string[];
  /** Real path of the user's scope folder. */
  scope: string;
  toolFolders: string[];
  masked: { path: string; isDir: boolean }[];
  /** The support folders and font cache of LaTeX runs. */
  latex: LatexContext;
  /** A pipeline's two steps (`tool`, `executable`, `args` are then the compiler's). */
  steps?: { compiler: LocatedTool; latex: LocatedTool };
  signal?: AbortSignal;
}
