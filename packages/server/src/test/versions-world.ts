import type { HistoryDiff, Settings, Version } from "@scriptorium/shared";
import type { AppOptions } from "../app.js";
import { trashWorld } from "./trash-world.js";

/** The trash world (user `ada`, scope /ada) with calls of the version history. */
export async function versionsWorld(
  opts: { settings?: (s: Settings) => void; app?: Partial<AppOptions> } = {},
) {
  const w = await trashWorld(opts);
  const inject = (
    method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
    url: string,
    payload?: string | object,
    auth = w.token,
  ) =>
    w.t.app.inject({
      method,
      url,
      headers: {
        "x-auth": auth,
        ...(typeof payload === "string" && { "content-type": "text/plain;charset=UTF-8" }),
      },
      payload,
    });
  return {
    ...w,
    inject,
    /** The editor's save (PUT /api/resources). */
    save: (p: string, text: string, auth = w.token) =>
      inject("PUT", `/api/resources${p}`, text, auth),
    history: (p: string, query = "", auth = w.token) =>
      inject("GET", `/api/history${p}${query}`, undefined, auth),
    async versions(p: string, auth = w.token): Promise<Version[]> {
      const res = await inject("GET", `/api/history${p}`, undefined, auth);
      if (res.statusCode !== 200) throw new Error(`history: ${res.statusCode} ${res.body}`);
      return res.json<Version[]>();
    },
    async bytes(p: string, id: string, auth = w.token): Promise<string> {
      const res = await inject("GET", `/api/history${p}?version=${id}`, undefined, auth);
      if (res.statusCode !== 200) throw new Error(`version: ${res.statusCode} ${res.body}`);
      return res.body;
    },
    async diff(p: string, pair: string): Promise<HistoryDiff> {
      const res = await inject("GET", `/api/history${p}?diff=${pair}`);
      if (res.statusCode !== 200) throw new Error(`diff: ${res.statusCode} ${res.body}`);
      return res.json<HistoryDiff>();
    },
    restoreVersion: (p: string, id: string, auth = w.token) =>
      inject("POST", `/api/history${p}?version=${id}&action=restore`, undefined, auth),
    label: (p: string, id: string, label: string, auth = w.token) =>
      inject("PUT", `/api/history${p}?version=${id}`, { label }, auth),
  };
}

export type VersionsWorld = Awaited<ReturnType<typeof versionsWorld>>;
