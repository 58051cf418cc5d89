import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { EXEC_OPTION_PROGRAMS, isFullShellProgram, shellEntries } from "@scriptorium/shared";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkLine, outsidePath, pathsIn, splitWords } from "./shell-line.js";
import { readSedArgs, readSedScript } from "./sed-script.js";

/** The allow-list of issue 27's report: plain file tools, some of which run programs. */
const FILE_TOOLS = ["ls", "cat", "sed", "tar", "sort", "grep", "find", "split", "echo"];

const refusal = (line: string, allowed = FILE_TOOLS, shell = false) => {
  const check = checkLine(line, allowed, { shell });
  return check.ok ? undefined : check.message;
};
const reason = (line: string, allowed = FILE_TOOLS, shell = false) => {
  const check = checkLine(line, allowed, { shell });
  return check.ok ? undefined : check.reason;
};
const passes = (line: string, allowed = FILE_TOOLS, shell = false) =>
  checkLine(line, allowed, { shell }).ok;

describe("programs that run programs (issue 27, finding 5)", () => {
  it.each([
    // The report's lines.
    ['sed -n "1e id" notes.txt', "sed's e command"],
    ["tar -cf x.tar notes.txt --checkpoint=1 --checkpoint-action=exec=id", "--checkpoint-action"],
    ["tar -xf x.tar --to-command=id", "--to-command"],
    [`sed -n "1e sh -c 'id'" notes.txt`, "sed's e command"],
    // sed: every command and flag that runs or opens, however the script is given.
    ["sed -n 1e notes.txt", "e command"],
    ["sed -n -e 1p -e '2e id' notes.txt", "e command"],
    ["sed -ne '1e id' notes.txt", "e command"],
    ["sed -n -e1eid notes.txt", "e command"],
    ["sed --expression='1e id' notes.txt", "e command"],
    ["sed --expr '1e id' notes.txt", "e command"],
    ["sed --e='1e id' notes.txt", "e command"],
    ["sed notes.txt -n -e '1e id'", "e command"],
    ["sed 's/a/b/e' notes.txt", "e flag"],
    ["sed 's/a/b/ e' notes.txt", "e flag"],
    ["sed 's/a/b/gep' notes.txt", "e flag"],
    ["sed 's/[/]/x/e' notes.txt", "e flag"],
    ["sed 's,a,b,2e' notes.txt", "e flag"],
    ["sed 's/a/b/w out.txt' notes.txt", "w flag"],
    ['sed -n "r ../bob/secret.txt" notes.txt', "r command"],
    ["sed -n 'R other.txt' notes.txt", "R command"],
    ['sed -n "w ../x" notes.txt', "w command"],
    ["sed -n '1W out' notes.txt", "W command"],
    ["sed -n '/x/,/y/!e id' notes.txt", "e command"],
    ["sed -n '1 ! e id' notes.txt", "e command"],
    ["sed -n '0~1e id' notes.txt", "e command"],
    ["sed -n '1,+1e id' notes.txt", "e command"],
    ["sed -n '/h/Ie id' notes.txt", "e command"],
    ["sed -n '\\,h,e id' notes.txt", "e command"],
    ["sed -n -e '1{e id' -e '}' notes.txt", "e command"],
    ["sed -n ':a e id' notes.txt", "e command"],
    ["sed -n 'b x e id' notes.txt", "e command"],
    ["sed -n 'v 4.2 e id' notes.txt", "e command"],
    ["sed -n '1a text' -e 'e id' notes.txt", "e command"],
    ["sed -n 'y/a/b/' -e 'e id' notes.txt", "e command"],
    ["sed -f script.sed notes.txt", "sed -f"],
    ["sed --file=script.sed notes.txt", "sed -f"],
    ["sed -nf script.sed notes.txt", "sed -f"],
    // tar: every option that runs a program, abbreviated, grouped or old style.
    ["tar -cf x.tar notes.txt --checkpoint=1 --checkpoint-a=exec=id", "--checkpoint-action"],
    ["tar -xf x.tar --to-c=id", "--to-command"],
    ["tar -xf x.tar --to-command id", "--to-command"],
    ["tar -cf x.tar -I id notes.txt", "--use-compress-program (-I)"],
    ["tar -cvIid -f x.tar notes.txt", "--use-compress-program (-I)"],
    ["tar --use=id -cf x.tar notes.txt", "--use-compress-program"],
    ["tar --use-compress-program=id -cf x.tar notes.txt", "--use-compress-program"],
    ["tar cIf id x.tar notes.txt", "--use-compress-program"],
    ["tar -cM -F ./script -f x.tar notes.txt", "--info-script (-F)"],
    ["tar --info-script=./script -cf x.tar notes.txt", "--info-script"],
    ["tar --new-volume-script=./script -cf x.tar notes.txt", "--new-volume-script"],
    ["tar --new-v=./script -cf x.tar notes.txt", "--new-volume-script"],
    ["tar -cf x.tar --rsh-command=id notes.txt", "--rsh-command"],
    ["tar -cf x.tar --rmt-command=id notes.txt", "--rmt-command"],
    ["tar -xPf x.tar", "--absolute-names (-P)"],
    ["tar -cf host:x.tar notes.txt", "as host:file"],
    ["tar -cfhost:x.tar notes.txt", "as host:file"],
    ["tar --file=host:x.tar -c notes.txt", "as host:file"],
    ["tar --file host:x.tar -c notes.txt", "as host:file"],
    ["tar cf host:x.tar notes.txt", "as host:file"],
    // find, sort, split.
    ["find . -exec id {} +", "find's -exec"],
    ["find . -execdir id +", "find's -execdir"],
    ["find . -ok id", "find's -ok"],
    ["find . -okdir id", "find's -okdir"],
    ["sort -S 1 --compress-program=id notes.txt", "--compress-program"],
    ["sort --compress=id notes.txt", "--compress-program"],
    ["split --filter=id notes.txt", "--filter"],
    ["split --fil id notes.txt", "--filter"],
  ])("%s is refused", (line, what) => {
    const message = refusal(line);
    expect(message).toMatch(/^Command not allowed: /);
    expect(message).toContain(what);
    expect(message).toMatch(/needs the entry \w+:exec\.$/);
  });

  it("passes the same options with the program's :exec entry", () => {
    const allowed = ["sed:exec", "tar:exec", "find:exec", "sort:exec"];
    expect(passes('sed -n "1e id" notes.txt', allowed)).toBe(true);
    expect(passes("sed -f script.sed notes.txt", allowed)).toBe(true);
    expect(passes("tar -xf x.tar --to-command=id", allowed)).toBe(true);
    expect(passes("find . -exec id +", allowed)).toBe(true);
    expect(passes("find . -exec id +", ["find", "find:exec"])).toBe(true);
    expect(passes("sort --compress-program=gzip notes.txt", allowed)).toBe(true);
    // The :exec entry of one program is not another's.
    expect(refusal("tar -xf x.tar --to-command=id", ["tar", "sed:exec"])).toContain("tar:exec");
  });

  it("runs a full-shell program only through its :exec entry", () => {
    for (const line of ["bash -c id", "xargs id", "env id", "awk 'BEGIN{}'", "python3 -V"]) {
      const program = line.split(" ")[0] as string;
      expect(refusal(line, [program])).toBe(
        `Command not allowed: ${program} can run any other program, so it runs only with the entry ${program}:exec.`,
      );
      expect(refusal(line, [])).toBe("Command not allowed.");
      expect(passes(line, [`${program}:exec`])).toBe(true);
    }
    expect(refusal("timeout 5 id", ["timeout", "nice"])).toContain("timeout:exec");
    expect(refusal("git log", ["git"])).toContain("git:exec");
  });

  it("keeps program names whole: a path, an entry name or a longer name is never a command", () => {
    expect(refusal("/bin/ls")).toBe(
      "Command not allowed: a program is named by its name alone, without a folder.",
    );
    expect(refusal("./ls", ["ls"])).toMatch(/named by its name alone/);
    expect(refusal("find:exec .", ["find:exec"])).toBe("Command not allowed.");
    expect(refusal("findx .", ["find:exec"])).toBe("Command not allowed.");
    expect(refusal("rm x")).toBe("Command not allowed.");
  });

  it("says which rule refused a line (issue 31)", () => {
    expect(reason("rm x")).toBe("not-in-commands");
    expect(reason("ls:exec")).toBe("not-in-commands");
    expect(reason("/bin/ls")).toBe("program-path");
    expect(reason("ls && id")).toBe("syntax");
    expect(reason("ls 'open")).toBe("syntax");
    expect(reason("bash -c id", ["bash"])).toBe("full-shell");
    expect(reason("find . -exec id +")).toBe("exec-option");
    expect(reason("tar -xf x.tar --to-command=id")).toBe("exec-option");
    expect(reason("sed -f script.sed notes.txt")).toBe("exec-option");
    expect(reason("sed --nosuch p notes.txt")).toBe("argument");
    expect(reason("ls {a,b}", FILE_TOOLS, true)).toBe("expansion");
    expect(reason("   ")).toBe("empty");
  });
});

describe("paths in a line (issue 27, finding 6)", () => {
  it.each([
    ["grep -f/etc/hostname notes.txt", "/etc/hostname"],
    ["grep --file=/etc/hostname notes.txt", "/etc/hostname"],
    ["tar -c -f - -C.. bob/secret.txt", ".."],
    ["tar -c -f - -C../.. x", "../.."],
    ["tar -cf - --directory=.. bob", ".."],
    ["cat if=/etc/passwd", "/etc/passwd"],
    ["ls -d~root", "~root"],
    ["cat x:/etc/passwd", "/etc/passwd"],
    ["cat 'x ../../etc/passwd'", "../../etc/passwd"],
  ])("%s names %s", (line, named) => {
    const check = checkLine(line, FILE_TOOLS);
    expect(check.ok && check.paths.map((p) => p.path)).toContain(named);
    expect(check.ok && outsidePath(check.paths, "/files/ada", "/files/ada")?.path).toBe(named);
  });

  it("checks the files a sed:exec script names, and none of a plain script's regexes", () => {
    const exec = ["sed:exec"];
    const named = (line: string, allowed: string[]) => {
      const check = checkLine(line, allowed);
      return check.ok ? outsidePath(check.paths, "/files/ada", "/files/ada")?.path : "refused";
    };
    expect(named('sed -n "r ../bob/secret.txt" notes.txt', exec)).toBe("../bob/secret.txt");
    expect(named('sed -n "w ../x" notes.txt', exec)).toBe("../x");
    expect(named("sed 's/a/b/w /tmp/x' notes.txt", exec)).toBe("/tmp/x");
    expect(named("sed -n '1e cat ../../etc/passwd' notes.txt", exec)).toBe("../../etc/passwd");
    expect(named("sed -n /word/p notes.txt", exec)).toBeUndefined();
    expect(named("sed -n /word/p notes.txt", FILE_TOOLS)).toBeUndefined();
    expect(named("sed -n -e '/a/,/b/p' -e '\\%/etc%d' notes.txt", FILE_TOOLS)).toBeUndefined();
    expect(named("sed -n /word/p /etc/passwd", FILE_TOOLS)).toBe("/etc/passwd");
    expect(named("sed -n -e p -- /etc/passwd", FILE_TOOLS)).toBe("/etc/passwd");
    expect(named("sed -i../../* s/a/b/ notes.txt", FILE_TOOLS)).toBe("../../*");
  });

  it("follows tar's -C: names after it are relative to it, and each -C to the one before", () => {
    const outside = (line: string) => {
      const check = checkLine(line, FILE_TOOLS);
      if (!check.ok) throw new Error(check.message);
      return outsidePath(check.paths, "/files/ada/docs", "/files/ada");
    };
    expect(outside("tar -cf - -C .. ../bob/secret.txt")).toEqual({
      path: "../../bob/secret.txt",
      word: "../bob/secret.txt",
    });
    expect(outside("tar -cf - -C .. -C .. bob")?.path).toBe("../..");
    expect(outside("tar -cf - -C.. -C.. bob")?.word).toBe("-C..");
    expect(outside("tar cCf .. - ../bob")?.path).toBe("../../bob");
    expect(outside("tar -cf - --dir=.. ../bob")?.path).toBe("../../bob");
    expect(outside("tar -cf - --directory .. -- ../bob")?.path).toBe("../../bob");
    expect(outside("tar -cf - -C sub ../notes.txt")).toBeUndefined();
    expect(outside("tar -xf x.tar -C ..")).toBeUndefined();
    // With tar:exec too: the path check is not an option that runs programs.
    const exec = checkLine("tar -cf - -C .. ../bob", ["tar:exec"]);
    expect(exec.ok && outsidePath(exec.paths, "/files/ada/docs", "/files/ada")?.path).toBe(
      "../../bob",
    );
  });

  it("finds paths in attached values, after = and : and blanks, and keeps plain words", () => {
    expect(pathsIn("-C..")).toEqual([".."]);
    expect(pathsIn("-xvf/etc/x")).toEqual(["/etc/x"]);
    expect(pathsIn("--file=/etc/x")).toEqual(["/etc/x"]);
    expect(pathsIn("r ../x")).toEqual(["../x"]);
    expect(pathsIn("--x=~root")).toEqual(["~root"]);
    expect(pathsIn("a/../b")).toEqual(["a/../b"]);
    for (const word of [
      "notes.txt",
      "-n",
      "1,5p",
      "s/a/b/",
      "-rn",
      "word",
      "x.tar",
      "...",
      "a..b",
    ]) {
      expect(pathsIn(word)).toEqual([]);
    }
    // Inside the folder is fine, wherever it is written from.
    const named = (...paths: string[]) => paths.map((p) => ({ path: p, word: p }));
    expect(
      outsidePath(named("../notes.txt", "/files/ada/x"), "/files/ada/docs", "/files/ada"),
    ).toBe(undefined);
    expect(outsidePath(named("../../x"), "/files/ada/docs", "/files/ada")?.path).toBe("../../x");
    expect(outsidePath(named("~"), "/files/ada", "/files/ada")?.path).toBe("~");
  });

  it("refuses what a configured shell would expand, with a message saying so", () => {
    for (const line of [
      "ls -d {,/}etc",
      "cat {.,.}./bob/secret.txt",
      "echo {x,~root}",
      "ls *",
      "ls ?otes.txt",
      "ls [n]otes.txt",
      "cat notes.txt # -e x",
      "ls '~'",
      "ls -d (/etc)",
      "ls () ( id )",
    ]) {
      expect(refusal(line, FILE_TOOLS, true)).toBe(
        "Command not allowed: with a shell set, a line may not hold { } ~ * ? [ ( ) or # (the shell would expand them, or read them itself).",
      );
      // Without a shell nothing is expanded: the program gets the characters.
      expect(refusal(line, FILE_TOOLS, false) ?? "").not.toContain("with a shell set");
    }
    // A program that is not allowed gets the same answer as before, whatever the line holds.
    expect(refusal("rm {a,b}", FILE_TOOLS, true)).toBe("Command not allowed.");
  });
});

describe("legitimate lines still pass", () => {
  it.each([
    "sed -n 1,5p notes.txt",
    "sed 's/a/b/' notes.txt",
    "sed -e 's/a/b/g' -e '/^#/d' notes.txt",
    "sed -n '/Maurolico/p' notes.txt",
    "sed -E 's/(a+)b/x\\1/2' notes.txt",
    "sed -i 's/notes/Notes/' notes.txt",
    "sed -i.bak -n -e '1!G' -e h notes.txt",
    "sed 's/[]/e]/x/' notes.txt",
    "sed 's/[[:alpha:]]/x/g' notes.txt",
    "sed -n -e '1a\\' -e 'e is text here' notes.txt",
    "sed '1i with e and w and r in it' notes.txt",
    "sed -n '/start/,/end/{p}' notes.txt",
    "sed -n '1=' notes.txt",
    "sed 'y/abc/xyz/' notes.txt",
    "sed --posix -n 1p notes.txt",
    "sed -s -n -- 1p notes.txt",
    "tar -tf x.tar",
    "tar -xf x.tar",
    "tar -xvf x.tar -C sub",
    "tar -czf x.tar.gz notes.txt",
    "tar tvf x.tar",
    "tar -cf x.tar --checkpoint=10 notes.txt",
    "tar -cf x.tar --transform=s:a:b: notes.txt",
    "tar --force-local -cf a:b.tar notes.txt",
    "tar -cf ./a:b.tar notes.txt",
    "grep -rn word .",
    "grep -e word -- notes.txt",
    "find . -name '*.txt' -newer notes.txt -print",
    "find . -type f -fprint list.txt",
    "sort -k1,1 -t, -o sorted.txt notes.txt",
    "split -l 10 notes.txt part-",
    "ls -la ..",
  ])("%s", (line) => {
    expect(refusal(line)).toBeUndefined();
  });

  it("guards sed with --sandbox, in argv and in the line a shell gets", () => {
    const check = checkLine("sed -n 1,5p notes.txt", FILE_TOOLS);
    expect(check.ok && check.argv).toEqual(["sed", "--sandbox", "-n", "1,5p", "notes.txt"]);
    expect(check.ok && check.shellLine).toBe("sed --sandbox -n 1,5p notes.txt");
    const quoted = checkLine("'sed'  -n \"1p\" notes.txt", FILE_TOOLS, { shell: true });
    expect(quoted.ok && quoted.shellLine).toBe('sed --sandbox  -n "1p" notes.txt');
    const exec = checkLine("sed -n 1p notes.txt", ["sed:exec"]);
    expect(exec.ok && exec.argv).toEqual(["sed", "-n", "1p", "notes.txt"]);
  });

  it('splits words as a shell does, a backslash in double quotes escaping only \\ and "', () => {
    expect(splitWords(`sed "s/a\\.b/x/" 'it''s' a\\ b "q\\"d" "\\\\"`)).toEqual([
      "sed",
      "s/a\\.b/x/",
      "its",
      "a b",
      'q"d',
      "\\",
    ]);
    expect(splitWords('ls "open')).toBeNull();
  });
});

describe("the sed reader", () => {
  it("reads sed's arguments as getopt does", () => {
    expect(readSedArgs(["-n", "1p", "f"])).toMatchObject({ script: "1p", scriptArgs: [1] });
    expect(readSedArgs(["f", "-e", "1p", "-e2p"])).toMatchObject({
      script: "1p\n2p",
      scriptArgs: [2, 3],
    });
    expect(readSedArgs(["-ne", "1p", "f"])).toMatchObject({ script: "1p", scriptArgs: [1] });
    expect(readSedArgs(["-in", "1e id", "f"])).toMatchObject({ script: "1e id" });
    expect(readSedArgs(["-l", "5", "1p"])).toMatchObject({ script: "1p", scriptArgs: [2] });
    expect(readSedArgs(["--ex=1p", "f"])).toMatchObject({ script: "1p", scriptArgs: [0] });
    expect(readSedArgs(["--f", "x"])).toMatchObject({ badOption: "--f" });
    expect(readSedArgs(["--fi", "x"])).toMatchObject({ scriptFile: true });
    expect(readSedArgs(["--", "-n", "f"])).toMatchObject({ script: "-n", scriptArgs: [1] });
  });

  it("finds the features of each command, skipping texts, regexes and brackets", () => {
    const features = (script: string) => readSedScript(script)?.features;
    expect(features("1p")).toEqual([]);
    expect(features("s/e/w/g")).toEqual([]);
    expect(features("/e/,/w/d")).toEqual([]);
    expect(features("s/[/]e/x/w out")).toEqual(["s///w"]);
    expect(features("s/[[:alpha:]/]/x/e")).toEqual(["s///e"]);
    expect(features("s/[[.a..]/e/]/x/")).toBeUndefined();
    expect(features("1a\\\ne x")).toEqual([]);
    expect(features("1a x\\\ne x")).toEqual([]);
    expect(features("1a x\ne x")).toEqual(["e"]);
    expect(features("1i\\text\nr f")).toEqual(["r"]);
    expect(features("#e id\np")).toEqual([]);
    expect(features(":e\nbe")).toEqual([]);
    expect(features("y/e/w/;R f")).toEqual(["R"]);
    expect(features("p x")).toBeUndefined();
    expect(features("k")).toBeUndefined();
    expect(features("s/a/b")).toBeUndefined();
  });

  /*
   * sed itself is the judge: every script the reader passes, GNU sed in sandbox mode (which
   * refuses e, r, R, w, W and s///e, s///w at compile time) must not refuse for that reason, and
   * every script the reader finds one of them in, sed runs without --sandbox only when it has one.
   */
  it("agrees with GNU sed on generated scripts", () => {
    // In a folder of its own: a script sed misreads must not leave files in the repository.
    const cwd = mkdtempSync(path.join(tmpdir(), "sed-judge-"));
    const sed = spawnSync("sed", ["--sandbox", "-n", "p"], { input: "", cwd });
    if (sed.status !== 0) return;
    const pieces = [
      "1",
      "$",
      "/a/",
      "\\,a,",
      "!",
      " ",
      "{",
      "}",
      "p",
      "e",
      "e id",
      "r f",
      "w f",
      "R",
      "W",
      "s/a/b/",
      "s/a/b/e",
      "s/[/]/x/",
      "s|a|b|w f",
      "y/a/b/",
      "a x",
      "a\\",
      "i\\",
      "c t",
      "\n",
      ":l",
      "b l",
      "#",
      "[",
      "]",
      "[.",
      ".]",
      "[:alpha:]",
      "\\",
      "/",
      "e",
      "w",
      "g",
      "2",
      ",",
    ];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 7 }), (parts) => {
        const script = parts.join("");
        const reading = readSedScript(script);
        const sandboxed = spawnSync("sed", ["--sandbox", "-n", "-e", script], {
          input: "",
          encoding: "utf8",
          cwd,
        });
        const refusedBySandbox = sandboxed.stderr.includes("sandbox mode");
        if (reading && reading.features.length === 0) expect(refusedBySandbox).toBe(false);
        if (refusedBySandbox) expect(reading?.features.length ?? 1).toBeGreaterThan(0);
      }),
      { numRuns: 400 },
    );
    rmSync(cwd, { recursive: true, force: true });
  });
});

describe("the shared lists", () => {
  it("name the programs this file checks, and read allow-lists as the settings page shows", () => {
    expect(Object.keys(EXEC_OPTION_PROGRAMS).sort()).toEqual(
      ["diff3", "find", "install", "sdiff", "sed", "sort", "split", "tar"].sort(),
    );
    for (const name of ["bash", "python3", "python3.12", "perl5.36", "gcc-12", "xargs", "awk"]) {
      expect(isFullShellProgram(name)).toBe(true);
    }
    for (const name of ["ls", "cat", "sed", "tar", "find", "grep", "sort", "base64", "sha256sum"]) {
      expect(isFullShellProgram(name)).toBe(false);
    }
    expect(shellEntries(["ls", "bash", "find:exec", "sed", "python3:exec", "ls:exec"])).toEqual({
      fullShell: ["find:exec", "python3:exec"],
      needsExec: ["bash"],
    });
  });
});
