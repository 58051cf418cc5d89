import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type Db } from "../../db/database.js";
import {
  DEFAULT_TIMEOUT_SECONDS,
  LockConflict,
  MAX_TIMEOUT_SECONDS,
  createDavLocks,
  createDavProps,
  parseTimeout,
  type DavLocks,
  type DavProps,
} from "./dav-locks.js";
import { createWebdavStore } from "./webdav.store.js";
import { testDatabase } from "../../test/test-database.js";

let dir: string;
let db: Db;
let clock: number;
let locks: DavLocks;
let props: DavProps;
let ana: number;
let ben: number;

async function addUser(name: string): Promise<number> {
  const { rows } = await sql<{ id: number }>`insert into users
    (username, username_key, password_hash, perm, sorting, created_at, updated_at)
    values (${name}, ${name}, 'x', '{}', '{}', 0, 0) returning id`.execute(db);
  return (rows[0] as { id: number }).id;
}

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "scriptorium-dav-locks-"));
  db = await openDatabase(await testDatabase(dir, "db.sqlite"));
  clock = 1_000_000;
  const store = createWebdavStore(db);
  locks = createDavLocks(store, () => clock);
  props = createDavProps(store);
  ana = await addUser("ana");
  ben = await addUser("ben");
});
afterEach(async () => {
  await db.destroy();
  await rm(dir, { recursive: true, force: true });
});

const take = (p: string, over: Partial<Parameters<DavLocks["lock"]>[0]> = {}) =>
  locks.lock({
    path: p,
    depth: 0,
    exclusive: true,
    ownerXml: "",
    userId: ana,
    timeoutSeconds: 60,
    ...over,
  });

/** The LockConflict a promise rejects with. */
async function conflict(p: Promise<unknown>): Promise<LockConflict> {
  const error = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(LockConflict);
  return error as LockConflict;
}

describe("taking locks", () => {
  it("gives a urn:uuid token, the lock's fields, and a stored lock", async () => {
    const owner = `<D:owner xmlns:D="DAV:"><D:href>mailto:ana@example.org</D:href></D:owner>`;
    const lock = await take("/a/b.tex/", { ownerXml: owner, depth: "infinity" });
    expect(lock.token).toMatch(/^urn:uuid:[0-9a-f-]{36}$/);
    expect(lock).toMatchObject({
      path: "/a/b.tex",
      depth: "infinity",
      exclusive: true,
      ownerXml: owner,
      userId: ana,
      expiresAt: clock + 60_000,
      timeoutSeconds: 60,
    });
    expect(await locks.covering("/a/b.tex")).toEqual([lock]);
    const other = await take("/a/c.tex");
    expect(other.token).not.toBe(lock.token);
  });

  it("an exclusive lock conflicts with any lock on the path; shared locks live together", async () => {
    const first = await take("/f", { exclusive: false });
    await take("/f", { exclusive: false, userId: ben });
    const c = await conflict(take("/f", { userId: ben }));
    expect(c.path).toBe("/f");
    expect(c.lock.token).toBe(first.token);
    expect((await locks.covering("/f")).length).toBe(2);

    await take("/g");
    await conflict(take("/g", { exclusive: false, userId: ben }));
    await conflict(take("/g"));
  });

  it("a depth-infinity lock on an ancestor covers the path; a depth-0 one does not", async () => {
    await take("/d", { depth: "infinity" });
    await take("/e");
    expect((await conflict(take("/d/x/y.tex", { userId: ben }))).path).toBe("/d");
    await conflict(take("/d/x/y.tex", { exclusive: false }));
    await take("/e/y.tex", { userId: ben });
    expect((await locks.covering("/d/x/y.tex")).map((l) => l.path)).toEqual(["/d"]);
    expect(await locks.covering("/e/y.tex")).toHaveLength(1);
  });

  it("a depth-infinity request conflicts with locks below; a depth-0 request does not", async () => {
    await take("/p/q/r.tex", { userId: ben });
    expect((await conflict(take("/p", { depth: "infinity" }))).path).toBe("/p/q/r.tex");
    await take("/p", { depth: 0 });
    await take("/s/t.tex", { exclusive: false, userId: ben });
    await conflict(take("/s", { depth: "infinity" }));
    await take("/s", { depth: "infinity", exclusive: false });
  });

  it("compares paths by components, not by prefix", async () => {
    await take("/a", { depth: "infinity" });
    await take("/ab");
    await take("/a_b/c", { depth: "infinity" });
    await take("/[a]*?", { depth: "infinity" });
    expect((await locks.covering("/ab/x")).length).toBe(0);
    expect((await locks.within("/a")).map((l) => l.path)).toEqual(["/a"]);
    expect((await locks.within("/[a]*?")).map((l) => l.path)).toEqual(["/[a]*?"]);
    await take("/[a]x/y");
    expect((await locks.covering("/[a]*?/z")).map((l) => l.path)).toEqual(["/[a]*?"]);
  });

  it("of concurrent exclusive requests for one path, exactly one wins", async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) => take("/race", { userId: i % 2 ? ana : ben })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(
      results.filter((r) => r.status === "rejected" && r.reason instanceof LockConflict),
    ).toHaveLength(7);
    expect(await locks.covering("/race")).toHaveLength(1);
  });

  it("a lock on the root covers everything", async () => {
    await take("/", { depth: "infinity", exclusive: false });
    expect((await locks.covering("/x/y")).map((l) => l.path)).toEqual(["/"]);
    await conflict(take("/x/y"));
    expect((await locks.within("/")).length).toBe(1);
  });
});

describe("timeouts and expiry", () => {
  it("reads the Timeout header: first value understood, capped, with a default", () => {
    expect(parseTimeout(undefined)).toBe(DEFAULT_TIMEOUT_SECONDS);
    expect(parseTimeout("")).toBe(DEFAULT_TIMEOUT_SECONDS);
    expect(parseTimeout("Second-30")).toBe(30);
    expect(parseTimeout("second-30")).toBe(30);
    expect(parseTimeout("Infinite, Second-4100000000")).toBe(MAX_TIMEOUT_SECONDS);
    expect(parseTimeout("Second-4100000000")).toBe(MAX_TIMEOUT_SECONDS);
    expect(parseTimeout("Bogus, Second-120")).toBe(120);
    expect(parseTimeout("Second-0")).toBe(DEFAULT_TIMEOUT_SECONDS);
    expect(parseTimeout("Second--5")).toBe(DEFAULT_TIMEOUT_SECONDS);
  });

  it("clamps a lock's timeout", async () => {
    expect((await take("/x", { timeoutSeconds: 10 ** 9 })).timeoutSeconds).toBe(
      MAX_TIMEOUT_SECONDS,
    );
    expect((await take("/y", { timeoutSeconds: 0 })).timeoutSeconds).toBe(DEFAULT_TIMEOUT_SECONDS);
  });

  it("an expired lock applies no more, and conflicts no more", async () => {
    const lock = await take("/x", { timeoutSeconds: 10 });
    clock += 5_500;
    expect((await locks.covering("/x"))[0]?.timeoutSeconds).toBe(5);
    clock += 4_500;
    expect(await locks.covering("/x")).toEqual([]);
    expect(await locks.within("/")).toEqual([]);
    await locks.assertWritable("/x", false, [], ben);
    expect(await locks.unlock(lock.token, ana)).toBe("not-found");
    expect(await locks.refresh(lock.token, ana, 60)).toBeUndefined();
    await take("/x", { userId: ben });
    const rows = await db.selectFrom("dav_locks").select("token").execute();
    expect(rows.map((r) => r.token)).not.toContain(lock.token);
  });

  it("refreshes the owner's lock only", async () => {
    const lock = await take("/x", { timeoutSeconds: 10 });
    clock += 8_000;
    expect(await locks.refresh(lock.token, ben, 60)).toBeUndefined();
    expect(await locks.refresh("urn:uuid:unknown", ana, 60)).toBeUndefined();
    const refreshed = await locks.refresh(lock.token, ana, 60);
    expect(refreshed).toMatchObject({
      token: lock.token,
      timeoutSeconds: 60,
      expiresAt: clock + 60_000,
    });
    clock += 30_000;
    expect((await locks.covering("/x"))[0]?.token).toBe(lock.token);
  });
});

describe("unlocking", () => {
  it("removes the owner's lock; another user's token is not theirs to remove", async () => {
    const lock = await take("/x");
    expect(await locks.unlock(lock.token, ben)).toBe("not-owner");
    expect(await locks.covering("/x")).toHaveLength(1);
    expect(await locks.unlock(lock.token, ana)).toBe("removed");
    expect(await locks.unlock(lock.token, ana)).toBe("not-found");
    expect(await locks.covering("/x")).toEqual([]);
  });

  it("a user's locks go with the user", async () => {
    await take("/x", { userId: ben });
    await db.deleteFrom("users").where("id", "=", ben).execute();
    expect(await locks.covering("/x")).toEqual([]);
  });
});

describe("writing under locks", () => {
  it("needs the lock's token, submitted by its owner", async () => {
    const lock = await take("/x.tex");
    await locks.assertWritable("/y.tex", false, [], ben);
    expect((await conflict(locks.assertWritable("/x.tex", false, [], ana))).path).toBe("/x.tex");
    await conflict(locks.assertWritable("/x.tex", false, ["urn:uuid:other"], ana));
    // Somebody else holding the token may not use it.
    await conflict(locks.assertWritable("/x.tex", false, [lock.token], ben));
    await locks.assertWritable("/x.tex", false, [lock.token], ana);
  });

  it("a depth-infinity lock binds what is below it", async () => {
    const lock = await take("/d", { depth: "infinity" });
    expect((await conflict(locks.assertWritable("/d/new.tex", false, [], ana))).path).toBe("/d");
    await locks.assertWritable("/d/new.tex", false, [lock.token], ana);
    await locks.assertWritable("/dx", false, [], ana);
  });

  it("a deep write needs the tokens of the locks below", async () => {
    const inner = await take("/d/sub/a.tex", { userId: ben });
    await locks.assertWritable("/d", false, [], ana);
    expect((await conflict(locks.assertWritable("/d", true, [], ana))).path).toBe("/d/sub/a.tex");
    await conflict(locks.assertWritable("/d", true, [inner.token], ana));
    await locks.assertWritable("/d", true, [inner.token], ben);
    // The outer lock is not enough for the inner one.
    const outer = await take("/d", { exclusive: false, userId: ben });
    await conflict(locks.assertWritable("/d", true, [outer.token], ben));
    await locks.assertWritable("/d", true, [outer.token, inner.token], ben);
  });

  it("one of several shared locks' tokens is enough", async () => {
    const a = await take("/s", { exclusive: false });
    const b = await take("/s", { exclusive: false, userId: ben });
    await conflict(locks.assertWritable("/s", false, [], ana));
    await locks.assertWritable("/s", false, [a.token], ana);
    await locks.assertWritable("/s", false, [b.token], ben);
    await conflict(locks.assertWritable("/s", false, [b.token], ana));
  });

  it("locks go with dropWithin, and only those", async () => {
    await take("/d", { depth: "infinity", exclusive: false });
    await take("/d/x", { exclusive: false });
    await take("/dx");
    await locks.dropWithin("/d");
    expect((await locks.within("/")).map((l) => l.path)).toEqual(["/dx"]);
  });
});

describe("dead properties", () => {
  const v = (s: string) => `<z:p xmlns:z="urn:z">${s}</z:p>`;

  it("sets, replaces, lists and removes, in one transaction", async () => {
    await props.patch("/f", [
      { op: "set", ns: "urn:z", name: "p", valueXml: v("1") },
      { op: "set", ns: "", name: "bare", valueXml: "<bare/>" },
      { op: "set", ns: "urn:z", name: "p", valueXml: v("2") },
    ]);
    expect(await props.list("/f")).toEqual([
      { ns: "", name: "bare", valueXml: "<bare/>" },
      { ns: "urn:z", name: "p", valueXml: v("2") },
    ]);
    await props.patch("/f", [
      { op: "remove", ns: "", name: "bare" },
      { op: "remove", ns: "urn:z", name: "missing" },
    ]);
    expect((await props.list("/f")).map((p) => p.name)).toEqual(["p"]);
    expect(await props.list("/g")).toEqual([]);
  });

  it("lists a folder's and its members' properties in one call, not deeper ones", async () => {
    for (const at of ["/d", "/d/a", "/d/a/deep", "/d/b*", "/dx", "/"]) {
      await props.patch(at, [{ op: "set", ns: "urn:z", name: "p", valueXml: v(at) }]);
    }
    const byPath = await props.listWithMembers("/d");
    expect([...byPath.keys()].sort()).toEqual(["/d", "/d/a", "/d/b*"]);
    expect(byPath.get("/d/a")).toEqual([{ ns: "urn:z", name: "p", valueXml: v("/d/a") }]);
    expect([...(await props.listWithMembers("/")).keys()].sort()).toEqual(["/", "/d", "/dx"]);
  });

  it("a failing patch leaves nothing changed", async () => {
    await props.patch("/f", [{ op: "set", ns: "urn:z", name: "p", valueXml: v("1") }]);
    await expect(
      props.patch("/f", [
        { op: "set", ns: "urn:z", name: "p", valueXml: v("2") },
        { op: "set", ns: "urn:z", name: "q", valueXml: null as unknown as string },
      ]),
    ).rejects.toThrow();
    expect(await props.list("/f")).toEqual([{ ns: "urn:z", name: "p", valueXml: v("1") }]);
  });

  it("copies and moves a folder's properties, replacing the destination's, and drops them", async () => {
    for (const p of ["/a", "/a/x", "/a/sub/y", "/ab", "/b/old"])
      await props.patch(p, [{ op: "set", ns: "urn:z", name: "p", valueXml: v(p) }]);
    await props.patch("/b", [{ op: "set", ns: "urn:z", name: "q", valueXml: v("b") }]);
    await props.copy("/a", "/b");
    const paths = async () =>
      (
        await db.selectFrom("dav_props").select(["path", "value_xml"]).orderBy("path").execute()
      ).map((r) => `${r.path}=${r.value_xml.replace(/<\/?z:p[^>]*>/g, "")}`);
    expect(await paths()).toEqual([
      "/a=/a",
      "/a/sub/y=/a/sub/y",
      "/a/x=/a/x",
      "/ab=/ab",
      "/b=/a",
      "/b/sub/y=/a/sub/y",
      "/b/x=/a/x",
    ]);
    await props.move("/b", "/c/é\u{1F600}");
    expect(await paths()).toEqual([
      "/a=/a",
      "/a/sub/y=/a/sub/y",
      "/a/x=/a/x",
      "/ab=/ab",
      "/c/é\u{1F600}=/a",
      "/c/é\u{1F600}/sub/y=/a/sub/y",
      "/c/é\u{1F600}/x=/a/x",
    ]);
    await props.move("/c/é\u{1F600}/x", "/c/z");
    expect(await props.list("/c/z")).toEqual([{ ns: "urn:z", name: "p", valueXml: v("/a/x") }]);
    await props.drop("/a");
    expect(await paths()).toEqual([
      "/ab=/ab",
      "/c/z=/a/x",
      "/c/é\u{1F600}=/a",
      "/c/é\u{1F600}/sub/y=/a/sub/y",
    ]);
  });

  it("refuses to copy or move the root, or a folder into itself", async () => {
    await expect(props.copy("/", "/x")).rejects.toThrow();
    await expect(props.move("/a", "/a/b")).rejects.toThrow();
    await expect(props.move("/a/b", "/a")).rejects.toThrow();
  });
});
