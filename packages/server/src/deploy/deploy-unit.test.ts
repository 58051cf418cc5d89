/**
 * deploy/scriptorium.service: the hardening it promises, systemd-analyze's verdicts, and that
 * bubblewrap still runs under it: every system call of a sandboxed run passes its filter
 * (strace), and its file-system and privilege settings, laid out as systemd lays them out, leave
 * bubblewrap able to make its sandbox (while one setting that covers part of /proc does not).
 */
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { systemEntries } from "../runner/host.js";
import { bwrapOptions, SYSTEM_PATHS } from "../runner/sandbox.js";
import { parseUnit, program, readDeploy as read, REPO, run } from "../test/deploy-files.js";

describe("systemd unit", () => {
  it("has the hardening, and none of the settings that break bubblewrap", async () => {
    const unit = parseUnit(await read("scriptorium.service"));
    const one = (key: string) => unit.get(`Service.${key}`)?.join(" ");
    expect(one("User")).toBe("scriptorium");
    expect(one("ProtectSystem")).toBe("strict");
    expect(one("ReadWritePaths")).toBe("/srv/scriptorium");
    expect(one("NoNewPrivileges")).toBe("yes");
    expect(one("PrivateTmp")).toBe("yes");
    expect(one("ProtectHome")).toBe("yes");
    expect(one("KillSignal")).toBe("SIGTERM");
    expect(one("Restart")).toBe("on-failure");
    expect(one("EnvironmentFile")).toMatch(/^\/etc\/scriptorium\//);
    expect(Number(one("TimeoutStopSec"))).toBeGreaterThanOrEqual(60);
    const namespaces = one("RestrictNamespaces")!.split(/\s+/);
    for (const ns of ["user", "mnt", "pid", "net", "ipc", "uts"]) expect(namespaces).toContain(ns);
    const filter = one("SystemCallFilter")!.split(/\s+/);
    expect(filter).toEqual(expect.arrayContaining(["@system-service", "@mount"]));
    for (const key of [
      "PrivateUsers",
      "ProtectKernelTunables",
      "ProtectKernelLogs",
      "ProcSubset",
      "MemoryDenyWriteExecute",
    ]) {
      expect(unit.has(`Service.${key}`), key).toBe(false);
    }
  });

  /** The unit with its programs where this checkout has them (verify wants them to exist). */
  async function localUnit(dir: string, edit: (text: string) => string = (t) => t) {
    const text = (await read("scriptorium.service"))
      .replace("/opt/scriptorium/node_modules/.bin/node", process.execPath)
      .replaceAll("/opt/scriptorium/", REPO);
    const file = path.join(dir, "scriptorium.service");
    await writeFile(file, edit(text));
    return file;
  }

  it("passes systemd-analyze verify without a warning, and its exposure is rated OK", async () => {
    const analyze = await program("systemd-analyze", "systemd");
    const dir = await mkdtemp(path.join(tmpdir(), "scriptorium-unit-"));
    try {
      const verified = await run(analyze, ["verify", await localUnit(dir)]);
      expect(verified.stderr.trim()).toBe("");
      // A misspelt key is reported: the check above can fail.
      const broken = await localUnit(dir, (t) => t.replace("KillMode=", "KillMod="));
      const bad = await run(analyze, ["verify", broken]);
      expect(bad.stderr).toMatch(/Unknown key 'KillMod'/);
      const security = await run(analyze, [
        "security",
        "--offline=true",
        "--no-pager",
        await localUnit(dir),
      ]);
      const level = /Overall exposure level for scriptorium\.service: ([\d.]+)/.exec(
        security.stdout,
      );
      expect(level, security.stdout.slice(-500)).not.toBeNull();
      expect(Number(level![1])).toBeLessThanOrEqual(4);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

/** The system calls of systemd's filter groups and names (`@system-service @mount`), expanded. */
async function filterCalls(analyze: string, items: readonly string[]): Promise<Set<string>> {
  const calls = new Set<string>();
  const seen = new Set<string>();
  const expand = async (item: string): Promise<void> => {
    if (!item.startsWith("@")) {
      calls.add(item);
      return;
    }
    if (seen.has(item)) return;
    seen.add(item);
    const { stdout } = await run(analyze, ["syscall-filter", "--no-pager", item]);
    for (const line of stdout.split("\n").slice(1)) {
      const name = line.trim();
      if (name !== "" && !name.startsWith("#")) await expand(name);
    }
  };
  for (const item of items) await expand(item);
  return calls;
}

describe("systemd unit's system-call filter", () => {
  it("allows every call bubblewrap makes to run a program as the runner asks it", async () => {
    const analyze = await program("systemd-analyze", "systemd");
    const strace = await program("strace", "strace");
    const bwrap = await program("bwrap", "bubblewrap");
    const unit = parseUnit(await read("scriptorium.service"));
    const allowed = await filterCalls(
      analyze,
      unit.get("Service.SystemCallFilter")!.join(" ").split(/\s+/),
    );
    expect(allowed.has("read")).toBe(true);
    expect(allowed.has("reboot")).toBe(false);
    const dir = await mkdtemp(path.join(tmpdir(), "scriptorium-syscalls-"));
    try {
      // A run as the runner lays it out: the system read-only, a writable folder, bash then
      // prlimit then the program, with a file written.
      const options = bwrapOptions({
        system: await systemEntries(SYSTEM_PATHS),
        hidden: [],
        readOnly: [],
        writable: dir,
        masked: [],
        cwd: dir,
        env: { PATH: "/usr/bin:/bin" },
      });
      const trace = path.join(dir, "trace");
      await run(strace, [
        "-f",
        "-qq",
        "-o",
        trace,
        bwrap,
        ...options,
        "--",
        "/bin/bash",
        "-c",
        `exec prlimit --fsize=1000000 -- /bin/sh -c 'echo ok > ${dir}/out'`,
      ]);
      expect(await readFile(path.join(dir, "out"), "utf8")).toBe("ok\n");
      const used = new Set(
        (await readFile(trace, "utf8"))
          .split("\n")
          .map((line) => /^\d+\s+([a-z0-9_]+)\(/.exec(line)?.[1])
          .filter((name): name is string => name !== undefined),
      );
      expect(used.has("pivot_root")).toBe(true);
      expect([...used].filter((name) => !allowed.has(name))).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
/**
 * A shell script that lays out, in a private mount namespace, what the unit's file-system and
 * privilege settings make of the machine, the way systemd does it (a copy of the root, changed,
 * then moved onto / and entered; the copy is made at `root`), and runs `command` there as an unprivileged user (65534, for
 * the unit's user). `writable` stands for ReadWritePaths. Only the settings the unit has are
 * laid out; an unknown one of the kinds that cover part of the machine fails the test.
 */
function systemdLayout(
  unit: Map<string, string[]>,
  root: string,
  writable: string,
  command: string[],
): string {
  const has = (key: string, value: string) => unit.get(`Service.${key}`)?.join(" ") === value;
  const quote = (word: string) => `'${word.replaceAll("'", `'\\''`)}'`;
  const lines = [
    "set -e",
    `R=${root}`,
    "mkdir -p $R",
    "mount --rbind / $R",
    "mount --make-rprivate $R",
  ];
  if (has("ProtectSystem", "strict")) {
    lines.push(
      "for m in $(findmnt -R -n -o TARGET --list $R | sort -u); do " +
        "mount -o remount,bind,ro $m 2>/dev/null || true; done",
    );
  }
  if (has("PrivateTmp", "yes")) lines.push("mount -t tmpfs -o mode=1777 tmpfs $R/tmp");
  if (has("ProtectHome", "yes")) {
    lines.push("for d in /home /root; do mount -t tmpfs -o ro,mode=700 tmpfs $R$d; done");
  }
  if (has("PrivateDevices", "yes")) {
    lines.push(
      "mount -t tmpfs -o mode=755 tmpfs $R/dev",
      "for n in null zero full random urandom tty; do " +
        "touch $R/dev/$n; mount --bind /dev/$n $R/dev/$n; done",
      "mkdir -p $R/dev/pts $R/dev/shm; ln -s pts/ptmx $R/dev/ptmx",
    );
  }
  if (has("ProtectProc", "invisible")) {
    lines.push("mount -t proc -o hidepid=invisible proc $R/proc");
  }
  if (has("ProtectKernelTunables", "yes")) {
    lines.push("mount --bind $R/proc/sys $R/proc/sys", "mount -o remount,bind,ro $R/proc/sys");
  }
  if (has("ProtectKernelLogs", "yes")) lines.push("mount --bind /dev/null $R/proc/kmsg");
  if (has("ProtectControlGroups", "yes")) {
    lines.push("mount --bind -o ro /sys/fs/cgroup $R/sys/fs/cgroup");
  }
  // ReadWritePaths: the one writable folder (inside the private /tmp, bound after it).
  lines.push(`mkdir -p $R${writable}`, `mount --bind ${writable} $R${writable}`);
  const setpriv = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"];
  if (has("NoNewPrivileges", "yes")) setpriv.push("--no-new-privs");
  if (has("CapabilityBoundingSet", "")) setpriv.push("--bounding-set=-all", "--inh-caps=-all");
  lines.push(
    "cd $R",
    "mount --move . /",
    `exec chroot . ${[...setpriv, ...command].map(quote).join(" ")}`,
  );
  return lines.join("\n") + "\n";
}

describe("systemd unit's file system and privileges", () => {
  async function sandboxedRun(unitText: string): Promise<{ ok: boolean; output: string }> {
    if (process.getuid?.() !== 0) {
      throw new Error("this test lays out mount namespaces: run it as root (as .ci/run does)");
    }
    const unshare = await program("unshare", "util-linux");
    const bwrap = await program("bwrap", "bubblewrap");
    await program("setpriv", "util-linux");
    const dir = await mkdtemp(path.join(tmpdir(), "scriptorium-unit-fs-"));
    try {
      const writable = path.join(dir, "data");
      await run("install", ["-d", "-o", "65534", "-g", "65534", writable]);
      const options = bwrapOptions({
        system: await systemEntries(SYSTEM_PATHS),
        hidden: [],
        readOnly: [],
        writable,
        masked: [],
        cwd: writable,
        env: { PATH: "/usr/bin:/bin" },
      });
      const script = path.join(dir, "layout.sh");
      await writeFile(
        script,
        systemdLayout(parseUnit(unitText), path.join(dir, "root"), writable, [
          bwrap,
          ...options,
          "--",
          "/bin/bash",
          "-c",
          `exec prlimit --fsize=1000000 -- /bin/sh -c 'echo sandboxed > ${writable}/out'`,
        ]),
      );
      const result = await run(unshare, ["-m", "--propagation", "private", "bash", script]).then(
        (r) => ({ ok: true, output: r.stderr }),
        (e: { stderr?: string; message?: string }) => ({
          ok: false,
          output: e.stderr ?? e.message ?? "",
        }),
      );
      if (result.ok) expect(await readFile(path.join(writable, "out"), "utf8")).toBe("sandboxed\n");
      return result;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  it("leave bubblewrap able to make its sandbox as the service's user", async () => {
    const result = await sandboxedRun(await read("scriptorium.service"));
    expect(result, result.output).toEqual({ ok: true, output: "" });
  });

  it("would not with ProtectKernelTunables (it covers part of /proc)", async () => {
    const unit = (await read("scriptorium.service")).replace(
      "[Service]\n",
      "[Service]\nProtectKernelTunables=yes\n",
    );
    const result = await sandboxedRun(unit);
    expect(result.ok).toBe(false);
    expect(result.output).toMatch(/bwrap: .*(proc|Read-only)/);
  });
});
