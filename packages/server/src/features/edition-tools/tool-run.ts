import type { Tool } from "@scriptorium/shared";
import type { UserFs } from "../../storage/user-fs.js";
import type { UserRecord } from "../users/users.store.js";

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
  signal?: AbortSignal;
}
