import path from "node:path";
import { request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import { admin, expect, test } from "./fixtures.js";
import { REPO } from "./server.js";
import { e2eState } from "./state.js";

/** The stand-in Mauro-TeX compilers of the server's tests (the real ones are not shipped). */
const STANDINS = path.join(REPO, "packages/server/src/test/maurotex-standin");
/** The test support folder: the styles and METAFONT font the stand-ins' `.m.tex` load. */
export const SUPPORT = path.join(REPO, "packages/server/src/test/maurotex-support");

export interface ToolSettingsBody {
  tools: {
    folders: string[];
    supportFolders: string[];
    tools: { name: string; enabled: boolean }[];
  };
}

/**
 * For a spec file: before its tests the admin points the tool folders at the stand-ins and at
 * node's folder (their `#!/usr/bin/env node` looks it up on the tools' PATH); after them the
 * folders are put back. The answer reads and saves the global settings as the admin.
 */
export function useStandinTools() {
  let api: APIRequestContext | undefined;
  let token = "";
  let previousFolders: string[] = [];
  let previousSupport: string[] = [];

  const client = (): APIRequestContext => {
    if (!api) throw new Error("useStandinTools: used outside the spec's tests");
    return api;
  };

  const adminApi = {
    async settings(): Promise<ToolSettingsBody & Record<string, unknown>> {
      const res = await client().get("/api/settings", { headers: { "X-Auth": token } });
      expect(res.status()).toBe(200);
      return (await res.json()) as ToolSettingsBody & Record<string, unknown>;
    },
    async save(settings: ToolSettingsBody & Record<string, unknown>): Promise<void> {
      const res = await client().put("/api/settings", {
        headers: { "X-Auth": token },
        data: settings,
      });
      expect(res.ok()).toBe(true);
    },
    async setFolders(folders: string[], supportFolders?: string[]): Promise<void> {
      const current = await adminApi.settings();
      const support = supportFolders ?? current.tools.supportFolders;
      await adminApi.save({
        ...current,
        tools: { ...current.tools, folders, supportFolders: support },
      });
    },
  };

  test.beforeAll(async () => {
    api = await playwrightRequest.newContext({ baseURL: `http://127.0.0.1:${e2eState().port}` });
    const login = await api.post("/api/login", { data: admin() });
    expect(login.status()).toBe(200);
    token = await login.text();
    const before = (await adminApi.settings()).tools;
    previousFolders = before.folders;
    previousSupport = before.supportFolders;
    // The stand-ins' LaTeX needs the support folder, as the real compilers' output does.
    await adminApi.setFolders(
      [STANDINS, path.dirname(process.execPath), ...previousFolders],
      [SUPPORT],
    );
  });

  test.afterAll(async () => {
    await adminApi.setFolders(previousFolders, previousSupport);
    await api?.dispose();
  });

  return adminApi;
}
