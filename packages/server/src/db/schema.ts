import type { Generated } from "kysely";

/** Row shapes of the SQLite tables, as Kysely sees them. JSON columns are text. */
export interface SettingsTable {
  key: string;
  value: string;
}

export interface UsersTable {
  id: Generated<number>;
  username: string;
  /** NFC-normalised, lower-cased username: unique, used for look-ups. */
  username_key: string;
  password_hash: string;
  scope: string;
  locale: string;
  lock_password: number;
  view_mode: string;
  single_click: number;
  perm: string;
  commands: string;
  sorting: string;
  rules: string;
  hide_dotfiles: number;
  date_format: number;
  created_at: number;
  /** Unix seconds of the last change through the API or CLI (drives X-Renew-Token). */
  updated_at: number;
}

export interface SessionsTable {
  id: string;
  user_id: number;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
  /** Set when /api/renew replaced this session; it stays valid for a short grace period. */
  rotated_at: number | null;
  /** The User-Agent and address of the login ("" when unknown). */
  user_agent: Generated<string>;
  address: Generated<string>;
  /** The first login of a chain of renewals; null for sessions older than this column. */
  login_at: number | null;
  last_used_at: number | null;
}

export interface UploadsTable {
  /** Absolute path the upload becomes when its last byte arrives. */
  target: string;
  /** Hidden file in the same folder receiving the bytes. */
  temp: string;
  user_id: number;
  length: number;
  /** Last activity (ms): an upload idle for a day is abandoned. */
  touched_at: number;
  /** Hash of the drop box an anonymous upload came through; null for a user's own upload. */
  via_share: string | null;
}

export interface SharesTable {
  hash: string;
  /** Owner-relative path as shared; folders end with "/". */
  path: string;
  user_id: number;
  /** Unix seconds; 0 = permanent. */
  expire: number;
  /** Argon2id; null for links without a password. */
  password_hash: string | null;
  mode: string;
  created_at: number;
  max_downloads: number | null;
  downloads: Generated<number>;
  max_upload_bytes: number | null;
  max_uploads: number | null;
  uploads: Generated<number>;
}

export interface ShareActivityTable {
  id: Generated<number>;
  hash: string;
  /** Unix milliseconds. */
  at: number;
  kind: string;
  name: string;
  size: number;
  address: string;
  visitor: string | null;
}

export interface TrashTable {
  /** Random, base64url. */
  id: string;
  user_id: number;
  /** Original path in the owner's scope. */
  path: string;
  name: string;
  is_dir: number;
  size: number;
  /** Unix milliseconds. */
  deleted_at: number;
  /** Username of who deleted it. */
  deleted_by: string;
  /** Where the content is, relative to the trash folder: `<userId>/<id>` holding `name`. */
  stored: string;
  /** `pending` (moving in), `kept`, or `restoring` (moving out). */
  state: string;
}

/** One earlier content of a file (migration 006). */
export interface VersionsTable {
  /** Random, base64url. */
  id: string;
  /** The file's path relative to the files root, links resolved ("/a/b.tex"). */
  path: string;
  /** The trash item the file is in, while it is there. */
  trash_id: string | null;
  size: number;
  /** SHA-256 (hex) of the content; null while pending. */
  hash: string | null;
  /** Username of who wrote this content. */
  author: string;
  /** Username of who replaced it (made the version). */
  replaced_by: string;
  /** Unix milliseconds: when it was replaced. */
  made_at: number;
  label: string | null;
  /** `pending` (in the spool folder) or `kept` (a blob). */
  state: string;
}

/** A stored content of versions: `<versions>/blobs/<hash[0..2]>/<hash>.zst`. */
export interface VersionBlobsTable {
  hash: string;
  /** Bytes of the content. */
  size: number;
  /** Bytes on disk. */
  stored: number;
  /** The blob whose content is this one's zstd dictionary (null: none). */
  base: string | null;
  depth: number;
}

/** The activity log (migration 007): appended to, swept by age, never updated. */
export interface ActivityTable {
  id: Generated<number>;
  /** Unix milliseconds. */
  time: number;
  /** Who did it; null for an anonymous visitor (a drop box, a share) or the server itself. */
  user_id: number | null;
  /** Their name then ("" when nobody signed in). */
  username: string;
  /** One of ACTIVITY_ACTIONS. */
  action: string;
  /** The real place, relative to the real files root ("/a/b.tex"); "" for no file. */
  path: string;
  /** Where it went (moves, copies, extractions, tool outputs), like `path`. */
  to_path: string | null;
  detail: string | null;
  request_id: string;
  address: string;
}

/** App passwords of WebDAV clients (migration 008). */
export interface AppPasswordsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  /** 1: may read but never change files. */
  read_only: number;
  /** Argon2id of the secret part of the password. */
  secret_hash: string;
  /** Unix milliseconds. */
  created_at: number;
  /** Unix milliseconds; null while never used. Written once a minute at most. */
  last_used_at: number | null;
}

/** A WebDAV write lock (migration 009). */
export interface DavLocksTable {
  /** The lock token, "urn:uuid:…". */
  token: string;
  /** The locked resource, relative to the files root, links resolved ("/a/b.tex"). */
  path: string;
  /** 0, or -1 for infinity. */
  depth: number;
  /** 1 exclusive, 0 shared. */
  exclusive: number;
  /** The <D:owner> element, serialised standalone; "" when none was sent. */
  owner_xml: string;
  /** Who took it (the only one who may use its token). */
  user_id: number;
  /** Unix milliseconds. */
  created_at: number;
  /** Unix milliseconds. */
  expires_at: number;
}

/** A WebDAV dead property (migration 009). */
export interface DavPropsTable {
  /** The resource, relative to the files root, links resolved ("/a/b.tex"). */
  path: string;
  /** The property's namespace URI ("" for none). */
  ns: string;
  /** Its local name. */
  name: string;
  /** The whole property element, serialised standalone. */
  value_xml: string;
}

/** Failed attempts (and requests) per counter and key, in fixed windows (010-counters). */
export interface AttemptsTable {
  kind: string;
  key: string;
  count: number;
  /** ms; the window ends then. */
  reset_at: number;
}

/** Program runs in progress, counted by the runner's limits across instances (010-counters). */
export interface RunningTable {
  id: string;
  /** The runner's owner key: "user:1", "hook:1"… */
  owner: string;
  instance: string;
  started_at: number;
  /** ms; refreshed by the running instance, stale after a minute. */
  heartbeat_at: number;
}

export interface Database {
  attempts: AttemptsTable;
  running: RunningTable;
  app_passwords: AppPasswordsTable;
  dav_locks: DavLocksTable;
  dav_props: DavPropsTable;
  activity: ActivityTable;
  versions: VersionsTable;
  version_blobs: VersionBlobsTable;
  trash: TrashTable;
  uploads: UploadsTable;
  shares: SharesTable;
  share_activity: ShareActivityTable;
  settings: SettingsTable;
  users: UsersTable;
  sessions: SessionsTable;
}
