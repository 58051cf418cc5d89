import path from "node:path";
import { expect } from "vitest";
import { patchUrl } from "./attack-target.js";
import type { Case, World } from "./links-behind-world.js";

/**
 * Every route that reads or writes a path of a user, as one operation on a case folder: the
 * path whose last three components (the file itself, its folder, the folder above) an attack
 * replaces by links, what must exist before (`prepare`, run while the path is what it was: a
 * share, an upload started, an inline link), and the requests. Every answer goes through
 * `World.req`, which checks it.
 */
export interface Op {
  name: string;
  /** Reads change nothing; `destroy` removes or moves what the path leads to. */
  kind: "read" | "write" | "destroy";
  /** The attacked path (a user path of ada). */
  main(c: Case): string;
  prepare?(w: World, c: Case): Promise<string>;
  run(w: World, c: Case, prepared: string): Promise<void>;
  /** A read of one file: refused (4xx) when a component leads out. */
  refuses?: boolean;
  /** Slow (a tool run): fewer repetitions under a racer. */
  slow?: boolean;
}

const OCTETS = "application/offset+octet-stream";
const TUS_BODY = "hello tus!!";

function toolUrl(source: string, tool: string, destination: string): string {
  const q = `action=${encodeURIComponent(`mauro:${tool}`)}&destination=${encodeURIComponent(destination)}&commandline=&override=true`;
  return `/api/resources${source}?${q}`;
}

/** A tus HEAD never tells more than what was sent. */
function expectOwnOffset(res: { status: number; headers: Record<string, unknown> }): void {
  if (res.status !== 200) return;
  const offset = Number(res.headers["upload-offset"]);
  expect(offset, "an upload's offset is never an outside file's size").toBeLessThanOrEqual(
    TUS_BODY.length,
  );
}

async function tusStart(w: World, url: string, user: string | undefined, extra = "") {
  return w.req(user, `${url}${extra}`, {
    method: "POST",
    headers: { "upload-length": String(TUS_BODY.length) },
  });
}
const tusPatch = (w: World, url: string, user: string | undefined, offset = "0") =>
  w.req(user, url, {
    method: "PATCH",
    headers: { "upload-offset": offset, "content-type": OCTETS },
    body: TUS_BODY,
  });
async function tusHead(w: World, url: string, user: string | undefined) {
  const res = await w.req(user, url, { method: "HEAD" });
  expectOwnOffset(res);
  return res;
}

/** A raw HEAD of a file answers the size of the file in the scope or nothing. */
function expectOwnLength(res: { status: number; headers: Record<string, unknown> }): void {
  if (res.status !== 200) return;
  expect(Number(res.headers["content-length"]), "the size of an outside file").toBeLessThan(200);
}

const file = (c: Case, name = "f.txt") => `${c.dir}/${name}`;

export const OPS: Op[] = [
  // ---- Reads ----
  {
    name: "GET /api/raw of a file",
    kind: "read",
    refuses: true,
    main: (c) => file(c),
    run: async (w, c) => void (await w.req("ada", `/api/raw${file(c)}`)),
  },
  {
    name: "HEAD /api/raw of a file",
    kind: "read",
    refuses: true,
    main: (c) => file(c),
    run: async (w, c) =>
      expectOwnLength(await w.req("ada", `/api/raw${file(c)}`, { method: "HEAD" })),
  },
  {
    name: "GET /api/raw of a folder as zip",
    kind: "read",
    main: (c) => `${c.dir}/sub`,
    run: async (w, c) => void (await w.req("ada", `/api/raw${c.dir}/sub?algo=zip`)),
  },
  {
    name: "GET /api/raw of a folder as tar.gz",
    kind: "read",
    main: (c) => `${c.dir}/sub`,
    run: async (w, c) => void (await w.req("ada", `/api/raw${c.dir}/sub?algo=targz`)),
  },
  {
    name: "GET /api/raw with files= (zip and tar.gz)",
    kind: "read",
    main: (c) => file(c),
    run: async (w, c) => {
      await w.req("ada", `/api/raw${c.dir}/?files=f.txt,sub,pic.png&algo=zip`);
      await w.req("ada", `/api/raw${c.dir}/?files=f.txt,sub&algo=targz`);
    },
  },
  {
    name: "GET /api/raw-inline and the inline URL it gives",
    kind: "read",
    refuses: true,
    main: (c) => file(c),
    run: async (w, c) => {
      const res = await w.req("ada", `/api/raw-inline${file(c)}`);
      const location = res.headers.location;
      if (typeof location === "string") await w.req(undefined, location);
    },
  },
  {
    name: "GET /api/inline/{capability} given before",
    kind: "read",
    refuses: true,
    main: (c) => file(c),
    async prepare(w, c) {
      const res = await w.req("ada", `/api/raw-inline${file(c)}`);
      expect(res.status).toBe(302);
      return String(res.headers.location);
    },
    run: async (w, _c, location) => void (await w.req(undefined, location)),
  },
  {
    name: "GET /api/resources of a file",
    kind: "read",
    refuses: true,
    main: (c) => file(c),
    run: async (w, c) => void (await w.req("ada", `/api/resources${file(c)}`)),
  },
  {
    name: "GET /api/resources of a folder (listing)",
    kind: "read",
    main: (c) => `${c.dir}/sub`,
    run: async (w, c) => void (await w.req("ada", `/api/resources${c.dir}/sub/`)),
  },
  {
    name: "GET /api/resources?checksum",
    kind: "read",
    refuses: true,
    main: (c) => file(c),
    run: async (w, c) => {
      for (const algo of ["md5", "sha256"]) {
        await w.req("ada", `/api/resources${file(c)}?checksum=${algo}`);
      }
    },
  },
  {
    name: "GET /api/preview (thumb and big)",
    kind: "read",
    refuses: true,
    main: (c) => file(c, "pic.png"),
    run: async (w, c) => {
      await w.req("ada", `/api/preview/thumb${file(c, "pic.png")}`);
      await w.req("ada", `/api/preview/big${file(c, "pic.png")}`);
    },
  },
  {
    name: "GET /api/subtitle",
    kind: "read",
    refuses: true,
    main: (c) => file(c, "s.srt"),
    run: async (w, c) => void (await w.req("ada", `/api/subtitle${file(c, "s.srt")}`)),
  },
  {
    name: "GET /api/usage",
    kind: "read",
    main: (c) => `${c.dir}/sub`,
    run: async (w, c) => void (await w.req("ada", `/api/usage${c.dir}/sub`)),
  },
  {
    name: "a shared file: info, download, HEAD, inline",
    kind: "read",
    main: (c) => file(c),
    prepare: (w, c) => w.share(file(c)),
    run: async (w, _c, hash) => {
      await w.req(undefined, `/api/public/share/${hash}`);
      await w.req(undefined, `/api/public/dl/${hash}`);
      expectOwnLength(await w.req(undefined, `/api/public/dl/${hash}`, { method: "HEAD" }));
      await w.req(undefined, `/api/public-inline/dl/${hash}`);
    },
  },
  {
    name: "a shared folder: listing, a file, archives, inline",
    kind: "read",
    main: (c) => `${c.dir}/sub/f.txt`,
    prepare: (w, c) => w.share(`${c.dir}/sub/`),
    run: async (w, _c, hash) => {
      await w.req(undefined, `/api/public/share/${hash}/`);
      await w.req(undefined, `/api/public/dl/${hash}/f.txt`);
      await w.req(undefined, `/api/public/dl/${hash}/?files=f.txt&algo=zip`);
      await w.req(undefined, `/api/public/dl/${hash}/?algo=targz`);
      const inline = await w.req(undefined, `/api/public-inline/dl/${hash}/f.txt`);
      const location = inline.headers.location;
      if (typeof location === "string") await w.req(undefined, location);
    },
  },

  // ---- Writes ----
  {
    name: "POST /api/resources: a new file (override)",
    kind: "write",
    main: (c) => file(c, "new.txt"),
    run: async (w, c) =>
      void (await w.req("ada", `/api/resources${file(c, "new.txt")}?override=true`, {
        method: "POST",
        body: "posted by ada\n",
      })),
  },
  {
    name: "POST /api/resources: a new folder",
    kind: "write",
    main: (c) => file(c, "newdir"),
    run: async (w, c) =>
      void (await w.req("ada", `/api/resources${file(c, "newdir")}/`, { method: "POST" })),
  },
  {
    name: "PUT /api/resources (save)",
    kind: "write",
    main: (c) => file(c),
    run: async (w, c) =>
      void (await w.req("ada", `/api/resources${file(c)}`, { method: "PUT", body: "saved\n" })),
  },
  {
    name: "PATCH copy: the source file",
    kind: "read",
    main: (c) => file(c),
    run: async (w, c) =>
      void (await w.req("ada", patchUrl(file(c), "copy", `${c.base}/dest/copy.txt`, true), {
        method: "PATCH",
      })),
  },
  {
    name: "PATCH copy: the destination file",
    kind: "write",
    main: (c) => file(c, "copy.txt"),
    run: async (w, c) =>
      void (await w.req("ada", patchUrl(`${c.base}/src.txt`, "copy", file(c, "copy.txt"), true), {
        method: "PATCH",
      })),
  },
  {
    name: "PATCH copy: the source folder",
    kind: "read",
    main: (c) => `${c.dir}/sub`,
    run: async (w, c) =>
      void (await w.req("ada", patchUrl(`${c.dir}/sub`, "copy", `${c.base}/dest/sub-copy`, true), {
        method: "PATCH",
      })),
  },
  {
    name: "PATCH copy: the destination folder",
    kind: "write",
    main: (c) => `${c.dir}/sub/copied`,
    run: async (w, c) =>
      void (await w.req("ada", patchUrl(`${c.base}/srcdir`, "copy", `${c.dir}/sub/copied`, true), {
        method: "PATCH",
      })),
  },
  {
    name: "PATCH rename: the source file",
    kind: "destroy",
    main: (c) => file(c),
    run: async (w, c) =>
      void (await w.req("ada", patchUrl(file(c), "rename", `${c.base}/dest/moved.txt`, true), {
        method: "PATCH",
      })),
  },
  {
    name: "PATCH rename: the destination",
    kind: "write",
    main: (c) => file(c, "moved.txt"),
    async prepare(w, c) {
      // A fresh source each time: a move consumes it.
      await w.req("ada", `/api/resources${c.base}/src.txt?override=true`, {
        method: "POST",
        body: "own src.txt\n",
      });
      return "";
    },
    run: async (w, c) =>
      void (await w.req(
        "ada",
        patchUrl(`${c.base}/src.txt`, "rename", file(c, "moved.txt"), true),
        {
          method: "PATCH",
        },
      )),
  },
  {
    name: "PATCH rename: a folder",
    kind: "destroy",
    main: (c) => `${c.dir}/sub`,
    run: async (w, c) =>
      void (await w.req(
        "ada",
        patchUrl(`${c.dir}/sub`, "rename", `${c.base}/dest/sub-moved`, true),
        {
          method: "PATCH",
        },
      )),
  },
  {
    name: "PATCH unzip: the archive",
    kind: "read",
    main: (c) => file(c, "a.zip"),
    run: async (w, c) =>
      void (await w.req("ada", patchUrl(file(c, "a.zip"), "unzip", file(c, "a.zip"), true), {
        method: "PATCH",
      })),
  },
  {
    name: "PATCH unzip: the destination folder",
    kind: "write",
    main: (c) => `${c.dir}/sub/src.zip`,
    run: async (w, c) =>
      void (await w.req(
        "ada",
        patchUrl(`${c.base}/src.zip`, "unzip", `${c.dir}/sub/src.zip`, true),
        {
          method: "PATCH",
        },
      )),
  },
  {
    name: "PATCH mauro:m2hv: the source",
    kind: "read",
    slow: true,
    main: (c) => file(c, "doc.tex"),
    run: async (w, c) =>
      void (await w.req("ada", toolUrl(file(c, "doc.tex"), "m2hv", `${c.base}/dest/hv`), {
        method: "PATCH",
      })),
  },
  ...(["m2hv", "m2lv", "m2ledmac"] as const).map((tool): Op => ({
    name: `PATCH mauro:${tool}: the destination folder`,
    kind: "write",
    slow: true,
    main: (c) => file(c, "out"),
    run: async (w, c) =>
      void (await w.req("ada", toolUrl(`${c.base}/src.tex`, tool, file(c, "out")), {
        method: "PATCH",
      })),
  })),
  {
    name: "PATCH mauro:pdflatex: the source and its folder",
    kind: "write",
    slow: true,
    main: (c) => file(c, "doc.tex"),
    run: async (w, c) =>
      void (await w.req("ada", toolUrl(file(c, "doc.tex"), "pdflatex", c.dir), {
        method: "PATCH",
      })),
  },
  {
    name: "DELETE /api/resources of a file",
    kind: "destroy",
    main: (c) => file(c),
    run: async (w, c) =>
      void (await w.req("ada", `/api/resources${file(c)}`, { method: "DELETE" })),
  },
  {
    name: "DELETE /api/resources of a folder",
    kind: "destroy",
    main: (c) => `${c.dir}/sub`,
    run: async (w, c) =>
      void (await w.req("ada", `/api/resources${c.dir}/sub`, { method: "DELETE" })),
  },
  {
    name: "tus: POST, HEAD, PATCH, HEAD",
    kind: "write",
    main: (c) => file(c, "up.txt"),
    run: async (w, c) => {
      const url = `/api/tus${file(c, "up.txt")}`;
      await tusStart(w, url, "ada", "?override=true");
      await tusHead(w, url, "ada");
      await tusPatch(w, url, "ada");
      await tusHead(w, url, "ada");
    },
  },
  {
    name: "tus: HEAD, PATCH, DELETE of an upload started before",
    kind: "write",
    main: (c) => file(c, "up.txt"),
    async prepare(w, c) {
      await tusStart(w, `/api/tus${file(c, "up.txt")}`, "ada", "?override=true");
      return "";
    },
    run: async (w, c) => {
      const url = `/api/tus${file(c, "up.txt")}`;
      await tusHead(w, url, "ada");
      await tusPatch(w, url, "ada", "0");
      await tusHead(w, url, "ada");
      await w.req("ada", url, { method: "DELETE" });
    },
  },
  {
    name: "tus: DELETE of a file",
    kind: "destroy",
    main: (c) => file(c),
    run: async (w, c) => void (await w.req("ada", `/api/tus${file(c)}`, { method: "DELETE" })),
  },
  {
    name: "drop box tus: POST, HEAD, PATCH, HEAD",
    kind: "write",
    main: (c) => `${c.dir}/sub/drop.txt`,
    prepare: (w, c) => w.share(`${c.dir}/sub/`, { mode: "upload" }),
    run: async (w, _c, hash) => {
      const url = `/api/public/tus/${hash}/drop.txt`;
      await tusStart(w, url, undefined);
      await tusHead(w, url, undefined);
      await tusPatch(w, url, undefined);
      await tusHead(w, url, undefined);
    },
  },
  {
    name: "drop box tus: PATCH, HEAD, DELETE of an upload started before",
    kind: "write",
    main: (c) => `${c.dir}/sub/drop.txt`,
    async prepare(w, c) {
      const hash = await w.share(`${c.dir}/sub/`, { mode: "upload" });
      const name = `drop-${Math.random().toString(36).slice(2)}`;
      // A new name each time (a drop box never overwrites), its mirror file absent: created
      // outside, it would show as a new file there.
      await tusStart(w, `/api/public/tus/${hash}/${name}.txt`, undefined);
      return `${hash}/${name}.txt`;
    },
    run: async (w, _c, at) => {
      const url = `/api/public/tus/${at}`;
      await tusPatch(w, url, undefined);
      await tusHead(w, url, undefined);
      await w.req(undefined, url, { method: "DELETE" });
    },
  },
];

/** The ops by name (the race and fuzz files pick some). */
export const opNamed = (name: string): Op => {
  const op = OPS.find((o) => o.name === name);
  if (!op) throw new Error(`no op ${name}`);
  return op;
};

/** Paths of the `/` case: `x/etc/passwd`, whose components lead to /etc/passwd, /etc and /. */
export const SLASH_OPS: {
  name: string;
  main: (base: string) => string;
  url: (m: string) => string[];
}[] = [
  { name: "GET /api/raw", main: (b) => `${b}/x/etc/passwd`, url: (m) => [`/api/raw${m}`] },
  {
    name: "GET /api/resources",
    main: (b) => `${b}/x/etc/passwd`,
    url: (m) => [`/api/resources${m}`],
  },
  {
    name: "GET ?checksum",
    main: (b) => `${b}/x/etc/passwd`,
    url: (m) => [`/api/resources${m}?checksum=sha256`, `/api/resources${m}?checksum=md5`],
  },
  {
    name: "GET /api/raw-inline",
    main: (b) => `${b}/x/etc/passwd`,
    url: (m) => [`/api/raw-inline${m}`],
  },
  { name: "a listing", main: (b) => `${b}/x/etc`, url: (m) => [`/api/resources${m}/`] },
  { name: "GET /api/usage", main: (b) => `${b}/x/etc`, url: (m) => [`/api/usage${m}`] },
  {
    name: "GET /api/subtitle",
    main: (b) => `${b}/x/etc/passwd`,
    url: (m) => [`/api/subtitle${m}`],
  },
];

export const posix = path.posix;
