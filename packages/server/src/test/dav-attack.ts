import { mkdir, readdir, readFile, stat, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { expect } from "vitest";
import type { Settings } from "@scriptorium/shared";
import {
  PASSWORDS,
  send,
  SECRET,
  EVE_SECRET,
  DENIED,
  startTarget,
  type ExtraUser,
  type Target,
} from "./attack-target.js";
import { basic } from "./dav-world.js";
import { ADMIN_PASSWORD } from "./helpers.js";
import type { RawResponse } from "./http.js";

/** Bytes of a canary folder outside the server's files: a write through a link would land there. */
export const CANARY = "CANARY-outside-the-files";

export const PROPFIND_ALL =
  '<?xml version="1.0" encoding="utf-8"?><D:propfind xmlns:D="DAV:"><D:allprop/></D:propfind>';
export const LOCK_BODY =
  '<?xml version="1.0" encoding="utf-8"?><D:lockinfo xmlns:D="DAV:"><D:lockscope><D:exclusive/></D:lockscope><D:locktype><D:write/></D:locktype><D:owner>attacker</D:owner></D:lockinfo>';
export const proppatchBody = (value: string, name = "note") =>
  `<?xml version="1.0" encoding="utf-8"?><D:propertyupdate xmlns:D="DAV:" xmlns:Z="urn:attack"><D:set><D:prop><Z:${name}>${value}</Z:${name}></D:prop></D:set></D:propertyupdate>`;

/** The WebDAV target: the attack target, plus links out of ada's scope and a canary folder. */
export interface DavTarget extends Target {
  /** A folder outside the server's files (t.dir/canary) holding canary.txt. */
  canary: string;
  /** A WebDAV request as `user` (Basic with the account password), over a real socket. */
  dav(
    user: string | undefined,
    method: string,
    url: string,
    opts?: DavOptions,
  ): Promise<RawResponse>;
}

export interface DavOptions {
  headers?: Record<string, string>;
  body?: string | Buffer;
  /**
   * 502 is allowed: RFC 4918 §9.8.5 answers it for a Destination on another server (the one 5xx
   * these cases accept); the body is still checked for server paths and secrets.
   */
  allow502?: boolean;
}

/**
 * `startTarget` with WebDAV's account-password login allowed (app passwords are tested on their
 * own), a canary folder outside the files, and in ada's scope, beside `escape` (→ the files'
 * `secret`): `toeve` (→ eve's scope), `tocanary` (→ the canary) and `etc` (→ /etc, read only:
 * the tests run as root, so nothing is ever written through it).
 */
export async function startDavTarget(
  opts: { extra?: ExtraUser[]; settings?: (s: Settings) => void; app?: object } = {},
): Promise<DavTarget> {
  const target = await startTarget({
    ...(opts.extra && { extra: opts.extra }),
    app: {
      settings: (s) => {
        s.webdav.allowAccountPassword = true;
        opts.settings?.(s);
      },
      ...(opts.app && { app: opts.app }),
    },
  });
  const canary = path.join(target.t.dir, "canary");
  await mkdir(canary, { recursive: true });
  await writeFile(path.join(canary, "canary.txt"), CANARY);
  await symlink(path.join(target.t.root, "eve"), path.join(target.ada, "toeve"));
  await symlink(canary, path.join(target.ada, "tocanary"));
  await symlink("/etc", path.join(target.ada, "etc"));
  const passwords: Record<string, string> = { ...PASSWORDS, admin: ADMIN_PASSWORD };
  return Object.assign(target, {
    canary,
    async dav(user: string | undefined, method: string, url: string, o: DavOptions = {}) {
      const auth: Record<string, string> = user
        ? { authorization: basic(user, passwords[user] ?? `${user}-password-12`) }
        : {};
      const request = {
        method,
        headers: { ...auth, ...o.headers },
        ...(o.body !== undefined && { body: o.body }),
      };
      if (!o.allow502) return target.send(url, request);
      const res = await send(target.port, url, request);
      const text = res.body.toString("latin1");
      const label = `${method} ${url.slice(0, 120)}`;
      expect(res.status === 502 || (res.status > 0 && res.status < 500), label).toBe(true);
      for (const secret of [...target.serverPaths, SECRET, EVE_SECRET, DENIED]) {
        expect(text.includes(secret), `${label}: ${secret}`).toBe(false);
      }
      return res;
    },
  });
}

/** The canary folder's names and contents: a write detector for what lies outside the files. */
export async function canaryState(target: DavTarget): Promise<string[]> {
  const names = await readdir(target.canary);
  const out: string[] = [];
  for (const n of names.sort()) {
    const p = path.join(target.canary, n);
    const info = await stat(p);
    out.push(info.isFile() ? `${n}=${await readFile(p, "utf8")}` : `${n}/`);
  }
  return out;
}

/** The lock token a LOCK answered (Lock-Token header, without its angle brackets). */
export function lockTokenOf(res: RawResponse): string {
  const header = String(res.headers["lock-token"] ?? "");
  return header.replace(/^<|>$/g, "");
}
