import { mkdir, truncate, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, errorOf, type TestContext } from "../../test/helpers.js";
import { createUsersStore } from "../users/users.store.js";

let t: TestContext;
let token: string;
let scope: string;

const SRT = "1\r\n00:00:01,000 --> 00:00:02,500\r\nSalve, Musa\r\n\r\n";
const VTT_OF_SRT = "WEBVTT\n\n1\n00:00:01.000 --> 00:00:02.500\nSalve, Musa\n";
const ASS =
  "[Events]\nFormat: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text\n" +
  "Dialogue: 0,0:00:03.10,0:00:04.00,Default,,0,0,0,,{\\b1}Vale{\\b0}\\Namice\n";

beforeEach(async () => {
  t = await createTestApp();
  await t.createUser({ username: "ada", password: "ada-password-12", fields: { scope: "/ada" } });
  scope = path.join(t.root, "ada");
  await mkdir(path.join(scope, "film", "subs.srt"), { recursive: true });
  await writeFile(path.join(scope, "film", "movie.srt"), SRT);
  await writeFile(path.join(scope, "film", "MOVIE.EN.SRT"), SRT);
  await writeFile(path.join(scope, "film", "movie.it.ass"), ASS);
  await writeFile(path.join(scope, "film", "movie.la.ssa"), ASS);
  await writeFile(path.join(scope, "film", "movie.vtt"), "WEBVTT\n\nstored as is\n");
  await writeFile(path.join(scope, "film", "notes.txt"), "not subtitles");
  await writeFile(path.join(scope, "film", "broken.srt"), "1\nsoon\nhello\n");
  // Windows-1252: "Salve, città" with à = 0xE0.
  await writeFile(
    path.join(scope, "film", "old.srt"),
    Buffer.concat([
      Buffer.from("1\n00:00:01,000 --> 00:00:02,000\nSalve, citt"),
      Buffer.from([0xe0]),
      Buffer.from("\n"),
    ]),
  );
  token = await t.login("ada", "ada-password-12");
});
afterEach(() => t.close());

const subtitle = (p: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    url: `/api/subtitle${p}?inline=true`,
    headers: { "x-auth": token, ...headers },
  });

describe("GET /api/subtitle{path}", () => {
  it("converts SubRip to WebVTT, whatever the extension's case", async () => {
    for (const name of ["movie.srt", "MOVIE.EN.SRT"]) {
      const res = await subtitle(`/film/${name}`);
      expect(res.statusCode, name).toBe(200);
      expect(res.body).toBe(VTT_OF_SRT);
      expect(res.headers["content-type"]).toBe("text/vtt; charset=utf-8");
    }
    const res = await subtitle("/film/movie.srt");
    expect(res.headers["content-disposition"]).toMatch(/^inline; filename="movie\.vtt"/);
    expect(res.headers["cache-control"]).toBe("private");
    expect(res.headers["content-security-policy"]).toContain("script-src 'none'");
    expect(res.headers["last-modified"]).toBeDefined();
  });

  it("converts ASS and SSA to WebVTT", async () => {
    for (const name of ["movie.it.ass", "movie.la.ssa"]) {
      const res = await subtitle(`/film/${name}`);
      expect(res.statusCode, name).toBe(200);
      expect(res.body).toBe("WEBVTT\n\n00:00:03.100 --> 00:00:04.000\nVale\namice\n");
    }
  });

  it("sends .vtt as stored, reads Windows-1252 SubRip, and supports ranges", async () => {
    expect((await subtitle("/film/movie.vtt")).body).toBe("WEBVTT\n\nstored as is\n");
    expect((await subtitle("/film/old.srt")).body).toContain("Salve, città");
    const range = await subtitle("/film/movie.srt", { range: "bytes=0-5" });
    expect(range.statusCode).toBe(206);
    expect(range.body).toBe("WEBVTT");
  });

  it("is 400 for folders, other extensions and files over 10 MiB", async () => {
    for (const p of ["/film/", "/film/subs.srt", "/film/notes.txt"]) {
      const res = await subtitle(p);
      expect(res.statusCode, p).toBe(400);
    }
    await writeFile(path.join(scope, "film", "huge.srt"), "");
    await truncate(path.join(scope, "film", "huge.srt"), 10 * 1024 * 1024 + 1);
    expect(errorOf(await subtitle("/film/huge.srt")).message).toMatch(/10 MiB/);
  });

  it("is 422 with a message when the file does not parse", async () => {
    const res = await subtitle("/film/broken.srt");
    expect(res.statusCode).toBe(422);
    expect(errorOf(res).message).toMatch(/could not be converted: line 2/);
  });

  it("is 403 without the download permission, 404 when missing, 401 without a token", async () => {
    const users = createUsersStore(t.db);
    const ada = (await users.findByUsername("ada"))!;
    await users.update({ ...ada, perm: { ...ada.perm, download: false } });
    expect((await subtitle("/film/movie.srt")).statusCode).toBe(403);
    await users.update({ ...ada, perm: { ...ada.perm, download: true } });
    expect((await subtitle("/film/missing.srt")).statusCode).toBe(404);
    expect((await t.app.inject({ url: "/api/subtitle/film/movie.srt" })).statusCode).toBe(401);
  });
});
