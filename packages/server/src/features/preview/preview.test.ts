import { mkdir, readdir, readFile, stat, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import { Writable } from "node:stream";
import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, errorOf, type TestContext } from "../../test/helpers.js";

let t: TestContext;
let token: string;
let scope: string;
const MTIME = new Date("2023-06-07T08:09:10Z");

const solid = (width: number, height: number, channels: 3 | 4 = 3) =>
  sharp({
    create: {
      width,
      height,
      channels,
      background: channels === 4 ? { r: 0, g: 0, b: 255, alpha: 0.5 } : { r: 200, g: 30, b: 30 },
    },
  });

/** 300×100, left half red and right half blue, stored with EXIF orientation 6 (rotate 90° CW). */
async function rotatedJpeg(): Promise<Buffer> {
  const half = await solid(150, 100).png().toBuffer();
  const blue = await sharp({
    create: { width: 150, height: 100, channels: 3, background: { r: 0, g: 0, b: 255 } },
  })
    .png()
    .toBuffer();
  return solid(300, 100)
    .composite([
      { input: half, left: 0, top: 0 },
      { input: blue, left: 150, top: 0 },
    ])
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

let logLines: string[] = [];

async function setup(server?: { enableThumbnails?: boolean; resizePreview?: boolean }) {
  logLines = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      logLines.push(chunk.toString());
      done();
    },
  });
  t = await createTestApp({
    server: (c) => Object.assign(c, server),
    app: { logger: { level: "warn", stream } },
  });
  await t.createUser({ username: "ada", password: "ada-password-12", fields: { scope: "/ada" } });
  scope = path.join(t.root, "ada");
  await mkdir(path.join(scope, "album", "inner"), { recursive: true });
  await writeFile(path.join(scope, "photo.jpg"), await solid(2000, 1000).jpeg().toBuffer());
  await writeFile(path.join(scope, "small.png"), await solid(100, 50).png().toBuffer());
  await writeFile(path.join(scope, "alpha.png"), await solid(300, 300, 4).png().toBuffer());
  await writeFile(path.join(scope, "scan.tif"), await solid(1500, 1500).tiff().toBuffer());
  await writeFile(path.join(scope, "photo.webp"), await solid(1600, 800).webp().toBuffer());
  await writeFile(path.join(scope, "rotated.jpg"), await rotatedJpeg());
  await writeFile(path.join(scope, "anim.gif"), await solid(40, 40).gif().toBuffer());
  await writeFile(path.join(scope, "vector.svg"), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(path.join(scope, "notes.txt"), "not an image");
  await writeFile(path.join(scope, "broken.jpg"), Buffer.from("ffd8ffe000104a464946", "hex"));
  await writeFile(
    path.join(scope, "album", "inner", "a.png"),
    await solid(500, 500).png().toBuffer(),
  );
  await utimes(path.join(scope, "photo.jpg"), MTIME, MTIME);
  token = await t.login("ada", "ada-password-12");
}
afterEach(() => t.close());

const preview = (size: string, p: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    url: `/api/preview/${size}${p}?inline=true&key=1`,
    headers: { "x-auth": token, ...headers },
  });
const metaOf = (body: Buffer) => sharp(body).metadata();
const cacheRoot = () => path.join(t.dir, "cache", "previews");

/** Every file in the preview cache, except the `source` notes. */
async function cachedFiles(): Promise<string[]> {
  const entries = await readdir(cacheRoot(), { recursive: true, withFileTypes: true }).catch(
    () => [],
  );
  return entries
    .filter((e) => e.isFile() && e.name !== "source")
    .map((e) => path.join(e.parentPath, e.name));
}

async function eventually(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error("condition not met in 2 s");
}

describe("GET /api/preview/thumb{path}", () => {
  it("is a 256×256 JPEG cropped from the image, privately cacheable", async () => {
    await setup();
    for (const name of ["/photo.jpg", "/small.png", "/alpha.png", "/scan.tif", "/photo.webp"]) {
      const res = await preview("thumb", name);
      expect(res.statusCode, name).toBe(200);
      expect(res.headers["content-type"]).toBe("image/jpeg");
      const meta = await metaOf(res.rawPayload);
      expect([meta.format, meta.width, meta.height], name).toEqual(["jpeg", 256, 256]);
    }
    const res = await preview("thumb", "/photo.jpg");
    expect(res.headers["cache-control"]).toBe("private");
    expect(res.headers["last-modified"]).toBe(MTIME.toUTCString());
    expect(res.headers["content-disposition"]).toMatch(/^inline; filename="photo\.jpg"/);
    const again = await preview("thumb", "/photo.jpg", {
      "if-modified-since": MTIME.toUTCString(),
    });
    expect(again.statusCode).toBe(304);
  });

  it("honours EXIF orientation", async () => {
    await setup();
    const big = await preview("big", "/rotated.jpg");
    const meta = await metaOf(big.rawPayload);
    // Stored 300×100 with orientation 6: shown 100×300, with the red half on top.
    expect([meta.width, meta.height]).toEqual([100, 300]);
    expect(meta.orientation ?? 1).toBe(1);
    const { data } = await sharp(big.rawPayload).raw().toBuffer({ resolveWithObject: true });
    const top = [data[0], data[1], data[2]] as number[];
    const bottomAt = (299 * 100 + 50) * 3;
    const bottom = [data[bottomAt], data[bottomAt + 1], data[bottomAt + 2]] as number[];
    expect(top[0]).toBeGreaterThan(150);
    expect(bottom[2]).toBeGreaterThan(150);
    const thumb = await metaOf((await preview("thumb", "/rotated.jpg")).rawPayload);
    expect([thumb.width, thumb.height, thumb.orientation ?? 1]).toEqual([256, 256, 1]);
  });
});

describe("GET /api/preview/big{path}", () => {
  it("fits large images inside 1080×1080 in their own format", async () => {
    await setup();
    const jpeg = await preview("big", "/photo.jpg");
    expect(jpeg.headers["content-type"]).toBe("image/jpeg");
    const meta = await metaOf(jpeg.rawPayload);
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 1080, 540]);
    const webp = await preview("big", "/photo.webp");
    expect(webp.headers["content-type"]).toBe("image/webp");
    expect((await metaOf(webp.rawPayload)).width).toBe(1080);
    // Browsers do not show TIFF: a big preview of a scan is a JPEG.
    const tiff = await preview("big", "/scan.tif");
    expect(tiff.headers["content-type"]).toBe("image/jpeg");
    expect((await metaOf(tiff.rawPayload)).width).toBe(1080);
  });

  it("never enlarges a small image", async () => {
    await setup();
    const res = await preview("big", "/small.png");
    expect(res.headers["content-type"]).toBe("image/png");
    const meta = await metaOf(res.rawPayload);
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 100, 50]);
  });
});

describe("what is not resized", () => {
  it("sends GIF and SVG as they are", async () => {
    await setup();
    for (const size of ["thumb", "big"]) {
      const gif = await preview(size, "/anim.gif");
      expect(gif.statusCode).toBe(200);
      expect(gif.headers["content-type"]).toBe("image/gif");
      expect(gif.rawPayload.equals(await readFile(path.join(scope, "anim.gif")))).toBe(true);
      const svg = await preview(size, "/vector.svg");
      expect(svg.headers["content-type"]).toBe("image/svg+xml; charset=utf-8");
      expect(svg.headers["content-security-policy"]).toContain("sandbox");
      expect(svg.headers["content-security-policy"]).toContain("script-src 'none'");
    }
  });

  it("sends the file itself when the server turns resizing off", async () => {
    await setup({ enableThumbnails: false, resizePreview: false });
    const original = await readFile(path.join(scope, "photo.jpg"));
    for (const size of ["thumb", "big"]) {
      const res = await preview(size, "/photo.jpg");
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(original)).toBe(true);
    }
    expect(await cachedFiles()).toEqual([]);
  });

  it("is 501 for files that are not images, and 400 for an unknown size", async () => {
    await setup();
    for (const p of ["/notes.txt", "/album/"]) {
      const res = await preview("thumb", p);
      expect(res.statusCode, p).toBe(501);
      expect(errorOf(res).code).toBe("NOT_IMPLEMENTED");
    }
    const res = await preview("medium", "/photo.jpg");
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toMatch(/thumb or big/);
    expect((await preview("THUMB", "/photo.jpg")).statusCode).toBe(400);
  });

  it("is 403 without the download permission and 404 for a missing image", async () => {
    await setup();
    await t.createUser({
      username: "eve",
      password: "eve-password-12",
      fields: { scope: "/ada", perm: { ...noPerms, download: false } },
    });
    const eve = await t.login("eve", "eve-password-12");
    expect((await preview("thumb", "/photo.jpg", { "x-auth": eve })).statusCode).toBe(403);
    expect((await preview("thumb", "/missing.jpg")).statusCode).toBe(404);
  });

  it("is 422 with a message when the image cannot be decoded", async () => {
    await setup();
    const res = await preview("thumb", "/broken.jpg");
    expect(res.statusCode).toBe(422);
    expect(errorOf(res).message).toMatch(/could not be decoded/);
    const logged = logLines.map((l) => JSON.parse(l) as { msg: string; path?: string });
    expect(logged).toContainEqual(
      expect.objectContaining({ msg: "image preview failed", path: "/broken.jpg" }),
    );
  });
});

describe("the preview cache", () => {
  it("serves the stored preview on the next request", async () => {
    await setup();
    await preview("thumb", "/photo.jpg");
    const [file, ...rest] = await cachedFiles();
    expect(rest).toEqual([]);
    expect(file).toMatch(/-thumb\.jpg$/);
    // Mark the cached file: the next answer must come from it, not from a new resize.
    const marked = await solid(256, 256).jpeg({ quality: 10 }).toBuffer();
    await writeFile(file!, marked);
    expect((await preview("thumb", "/photo.jpg")).rawPayload.equals(marked)).toBe(true);
  });

  it("forgets a file's previews when it is saved, and ignores stale ones", async () => {
    await setup();
    await preview("big", "/photo.jpg");
    expect(await cachedFiles()).toHaveLength(1);
    const replacement = await solid(1200, 1200).jpeg().toBuffer();
    const put = await t.app.inject({
      method: "PUT",
      url: "/api/resources/photo.jpg",
      headers: { "x-auth": token },
      payload: replacement,
    });
    expect(put.statusCode).toBe(200);
    await eventually(async () => (await cachedFiles()).length === 0);
    const fresh = await metaOf((await preview("big", "/photo.jpg")).rawPayload);
    expect([fresh.width, fresh.height]).toEqual([1080, 1080]);
  });

  it("keys on size and modification time, so a file changed on disk gets a new preview", async () => {
    await setup();
    await preview("big", "/photo.jpg");
    await writeFile(path.join(scope, "photo.jpg"), await solid(2000, 500).jpeg().toBuffer());
    const meta = await metaOf((await preview("big", "/photo.jpg")).rawPayload);
    expect([meta.width, meta.height]).toEqual([1080, 270]);
    // The entry of the older version was replaced, not kept beside the new one.
    expect(await cachedFiles()).toHaveLength(1);
  });

  it("forgets the previews of deleted files and of files inside deleted folders", async () => {
    await setup();
    await preview("thumb", "/small.png");
    await preview("thumb", "/album/inner/a.png");
    expect(await cachedFiles()).toHaveLength(2);
    const del = (p: string) =>
      t.app.inject({ method: "DELETE", url: `/api/resources${p}`, headers: { "x-auth": token } });
    expect((await del("/album")).statusCode).toBe(204);
    await eventually(async () => (await cachedFiles()).length === 1);
    expect((await del("/small.png")).statusCode).toBe(204);
    await eventually(async () => (await cachedFiles()).length === 0);
  });

  it("renders once for simultaneous requests and writes entries atomically", async () => {
    await setup();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => preview("thumb", "/photo.jpg")),
    );
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    const files = await cachedFiles();
    expect(files).toHaveLength(1);
    expect((await stat(files[0]!)).size).toBeGreaterThan(0);
    expect(files.some((f) => path.basename(f).startsWith(".tmp-"))).toBe(false);
  });
});

const noPerms = {
  admin: false,
  execute: false,
  create: false,
  rename: false,
  modify: false,
  delete: false,
  share: false,
  download: false,
  unzip: false,
};
