import { mkdir, writeFile } from "node:fs/promises";
import { request } from "node:http";
import path from "node:path";
import type { ActivityEntry, AuditEntry, LiveChange, Settings } from "@scriptorium/shared";
import type { AppOptions } from "../app.js";
import { perm } from "./attack-target.js";
import { createTestApp, type TestContext } from "./helpers.js";
import { listen } from "./http.js";

export const PASSWORD = "team-password-12";
const enc = (p: string) => p.split("/").map(encodeURIComponent).join("/");

/**
 * A test app with a shared team folder `/team` (docs/a.txt, private/secret.txt): `ada` sees all
 * of it, `bob` the same scope with `/private` denied, `carol` only `/carol`; calls of the
 * activity routes and of the file routes that make lines.
 */
export async function activityWorld(
  opts: { settings?: (s: Settings) => void; app?: Partial<AppOptions> } = {},
) {
  const t: TestContext = await createTestApp(opts);
  const team = path.join(t.root, "team");
  await mkdir(path.join(team, "docs"), { recursive: true });
  await mkdir(path.join(team, "private"), { recursive: true });
  await writeFile(path.join(team, "docs", "a.txt"), "alpha");
  await writeFile(path.join(team, "private", "secret.txt"), "hush");
  await t.createUser({
    username: "ada",
    password: PASSWORD,
    fields: { scope: "/team", perm: perm() },
  });
  await t.createUser({
    username: "bob",
    password: PASSWORD,
    fields: {
      scope: "/team",
      perm: perm(),
      rules: [{ regex: false, allow: false, path: "/private", regexp: { raw: "" } }],
    },
  });
  await t.createUser({
    username: "carol",
    password: PASSWORD,
    fields: { scope: "/carol", perm: perm() },
  });
  const tokens = {
    admin: await t.login(),
    ada: await t.login("ada", PASSWORD),
    bob: await t.login("bob", PASSWORD),
    carol: await t.login("carol", PASSWORD),
  };
  type Who = keyof typeof tokens;
  const call = (
    who: Who,
    method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
    url: string,
    payload?: string,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method,
      url,
      headers: { "x-auth": tokens[who], ...headers },
      ...(payload !== undefined && { payload }),
    });
  return {
    t,
    team,
    tokens,
    call,
    enc,
    at: (...p: string[]) => path.join(team, ...p),
    async activity(who: Who, p = "/", query = ""): Promise<ActivityEntry[]> {
      const res = await call(who, "GET", `/api/activity${enc(p)}${query}`);
      if (res.statusCode !== 200) throw new Error(`activity: ${res.statusCode} ${res.body}`);
      return res.json<ActivityEntry[]>();
    },
    async audit(query = ""): Promise<AuditEntry[]> {
      const res = await call("admin", "GET", `/api/audit${query}`);
      if (res.statusCode !== 200) throw new Error(`audit: ${res.statusCode} ${res.body}`);
      return res.json<AuditEntry[]>();
    },
    create: (who: Who, p: string, body = "new") =>
      call(who, "POST", `/api/resources${enc(p)}?override=false`, body),
    save: (who: Who, p: string, body: string) => call(who, "PUT", `/api/resources${enc(p)}`, body),
    remove: (who: Who, p: string) => call(who, "DELETE", `/api/resources${enc(p)}`),
    patch: (who: Who, p: string, action: "rename" | "copy", to: string) =>
      call(
        who,
        "PATCH",
        `/api/resources${enc(p)}?action=${action}&destination=${encodeURIComponent(enc(to))}&override=false&rename=false`,
      ),
    /** A whole upload through tus: POST with its length, one PATCH. */
    async upload(who: Who, p: string, body: string): Promise<void> {
      const url = `/api/tus${enc(p)}?override=false`;
      const created = await call(who, "POST", url, undefined, {
        "upload-length": String(Buffer.byteLength(body)),
      });
      if (created.statusCode !== 201) throw new Error(`tus: ${created.statusCode} ${created.body}`);
      const sent = await call(who, "PATCH", url, body, {
        "content-type": "application/offset+octet-stream",
        "upload-offset": "0",
      });
      if (sent.statusCode !== 204) throw new Error(`tus: ${sent.statusCode} ${sent.body}`);
    },
    /** Listens on a real port: the live streams need one. */
    async serve(): Promise<number> {
      return listen(t.app);
    },
  };
}

export type ActivityWorld = Awaited<ReturnType<typeof activityWorld>>;

/** An open GET /api/events: the `change` events received so far, and the way to close it. */
export interface LiveStream {
  status: number;
  contentType: string;
  changes: LiveChange[];
  /** Everything received, comments included. */
  raw: () => string;
  ended: Promise<void>;
  /** Resolves once a change meets `test` (rejects after `ms`). */
  waitFor(test: (c: LiveChange) => boolean, ms?: number): Promise<LiveChange>;
  close(): void;
}

/** Opens GET /api/events on `port` with `headers` (a cookie or X-Auth) or a `?auth=` query. */
export function openStream(
  port: number,
  headers: Record<string, string>,
  query = "",
): Promise<LiveStream> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: "127.0.0.1", port, path: `/api/events${query}`, method: "GET", headers },
      (res) => {
        let text = "";
        const changes: LiveChange[] = [];
        const waiters = new Set<() => void>();
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          text += chunk;
          let cut: number;
          while ((cut = text.indexOf("\n\n")) >= 0) {
            const block = text.slice(0, cut);
            text = text.slice(cut + 2);
            all += `${block}\n\n`;
            const data = block.split("\n").find((l) => l.startsWith("data: "));
            if (block.includes("event: change") && data) {
              changes.push(JSON.parse(data.slice(6)) as LiveChange);
            }
          }
          waiters.forEach((w) => w());
        });
        let all = "";
        const ended = new Promise<void>((done) => {
          res.on("end", done);
          res.on("close", done);
        });
        resolve({
          status: res.statusCode ?? 0,
          contentType: String(res.headers["content-type"] ?? ""),
          changes,
          raw: () => all,
          ended,
          waitFor(test, ms = 5000) {
            return new Promise((done, fail) => {
              const look = () => {
                const found = changes.find(test);
                if (found) {
                  waiters.delete(look);
                  clearTimeout(timer);
                  done(found);
                }
              };
              const timer = setTimeout(() => {
                waiters.delete(look);
                fail(new Error(`no such change; got ${JSON.stringify(changes)}`));
              }, ms);
              waiters.add(look);
              look();
            });
          },
          close: () => req.destroy(),
        });
      },
    );
    req.on("error", reject);
    req.end();
  });
}
