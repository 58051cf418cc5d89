import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Perm, Rule, Settings } from "@scriptorium/shared";
import { createTestApp, type TestContext } from "./helpers.js";

export const ADA_PASSWORD = "ada-password-12";

/** Basic credentials, as a desktop client sends them on every request. */
export const basic = (username: string, password: string) =>
  `Basic ${Buffer.from(`${username}:${password}`).toString("base64")}`;

/**
 * A test app with WebDAV and the user `ada` (scope /ada) holding a few files; `dav` sends a
 * WebDAV request as ada (the account password is accepted here unless a test says otherwise).
 */
export async function davWorld(
  opts: {
    settings?: (s: Settings) => void;
    perm?: Partial<Perm>;
    rules?: Rule[];
    baseURL?: string;
  } = {},
) {
  const t: TestContext = await createTestApp({
    ...(opts.baseURL !== undefined && { app: { baseURL: opts.baseURL } }),
    settings: (s) => {
      s.webdav.allowAccountPassword = true;
      opts.settings?.(s);
    },
  });
  const fields: Record<string, unknown> = { scope: "/ada" };
  if (opts.rules) fields.rules = opts.rules;
  const ada = await t.createUser({
    username: "ada",
    password: ADA_PASSWORD,
    fields,
  });
  if (opts.perm) {
    const { createUsersStore } = await import("../features/users/users.store.js");
    const users = createUsersStore(t.db);
    const record = (await users.findById(ada.id))!;
    await users.update({ ...record, perm: { ...record.perm, ...opts.perm } });
  }
  const scope = path.join(t.root, "ada");
  await mkdir(path.join(scope, "books", "liber1"), { recursive: true });
  await writeFile(path.join(scope, "books", "a.txt"), "alpha");
  await writeFile(path.join(scope, "books", "liber1", "cap1.tex"), "\\Unit caput");
  const auth = basic("ada", ADA_PASSWORD);
  const dav = (
    method: string,
    url: string,
    opts: { headers?: Record<string, string>; body?: string | Buffer; auth?: string } = {},
  ) =>
    t.app.inject({
      method: method as "GET",
      url,
      headers: { authorization: opts.auth ?? auth, ...opts.headers },
      ...(opts.body !== undefined && { payload: opts.body }),
    });
  return { t, ada, scope, auth, dav, at: (...p: string[]) => path.join(scope, ...p) };
}

export type DavWorld = Awaited<ReturnType<typeof davWorld>>;
