/**
 * The `<img>`, `<video>` and `<track>` URLs File Browser's client builds (API.md Part B §2.4,
 * §4, §5): previews and subtitles with the token in `?auth=`.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { errorBody, startCompat, type Compat } from "./fb-client.js";

let c: Compat;
beforeEach(async () => {
  c = await startCompat();
  const photos = path.join(c.scope, "photos");
  await mkdir(path.join(photos, "subs"), { recursive: true });
  const png = await sharp({
    create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 30, b: 30 } },
  })
    .png()
    .toBuffer();
  await writeFile(path.join(photos, "red.png"), png);
  await writeFile(path.join(photos, "clip.mp4"), Buffer.alloc(64));
  await writeFile(path.join(photos, "clip.srt"), "1\n00:00:01,000 --> 00:00:02,500\nCiao\n");
  await writeFile(path.join(photos, "subs", "it.vtt"), "WEBVTT\n\n00:01.000 --> 00:02.000\nCiao\n");
  await writeFile(path.join(photos, "notes.txt"), "text");
});
afterEach(() => c.t.close());

/** An `<img src>` / `<track src>` URL: no header, the token and a cache key in the query. */
async function load(url: string) {
  const res = await fetch(`${c.base}${url}&auth=${c.token}`);
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}

describe("previews (§4)", () => {
  it("gives a thumbnail and a big preview of an image, as <img> URLs ask", async () => {
    const key = Date.now();
    const thumb = await load(`/api/preview/thumb/photos/red.png?inline=true&key=${key}`);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get("content-type")).toMatch(/^image\//);
    const meta = await sharp(thumb.body).metadata();
    expect([meta.width, meta.height]).toEqual([256, 256]);
    const big = await load(`/api/preview/big/photos/red.png?inline=true&key=${key}`);
    expect(big.status).toBe(200);
    expect((await sharp(big.body).metadata()).width).toBe(640); // never upscaled
  });

  it("refuses a size other than thumb or big (400) and a non-image (501)", async () => {
    expect((await load("/api/preview/huge/photos/red.png?inline=true")).status).toBe(400);
    const text = await fetch(`${c.base}/api/preview/thumb/photos/notes.txt?auth=${c.token}`);
    expect(text.status).toBe(501);
    await errorBody(text);
  });
});

describe("subtitles (§2.4, §5)", () => {
  it("lists a video's subtitles and serves each as WebVTT", async () => {
    const video = (await (await c.api("/api/resources/photos/clip.mp4")).json()) as {
      type: string;
      subtitles?: string[];
    };
    expect(video.type).toBe("video");
    expect(video.subtitles?.sort()).toEqual(["/photos/clip.srt", "/photos/subs/it.vtt"]);
    for (const sub of video.subtitles ?? []) {
      const res = await load(`/api/subtitle${sub}?inline=true`);
      expect(res.status, sub).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^text\/vtt/);
      expect(res.body.toString()).toMatch(/^WEBVTT/);
      expect(res.body.toString()).toContain("Ciao");
    }
  });

  it("refuses a file that is not a subtitle with 400", async () => {
    const res = await fetch(`${c.base}/api/subtitle/photos/notes.txt?auth=${c.token}`);
    expect(res.status).toBe(400);
    await errorBody(res);
  });
});
