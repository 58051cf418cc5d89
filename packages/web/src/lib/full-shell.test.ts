import { describe, expect, it } from "vitest";
import { entriesNeedingExec, execEntry, fullShellPrograms } from "./full-shell";

describe("programs that give a full shell", () => {
  it("are the :exec entries of programs that run programs", () => {
    expect(
      fullShellPrograms(["ls", "bash:exec", "python3.12:exec", "find:exec", "sed:exec", "cat"]),
    ).toEqual(["bash:exec", "python3.12:exec", "find:exec", "sed:exec"]);
    expect(fullShellPrograms(["xargs:exec", "env:exec", "tar:exec", "ls:exec"])).toEqual([
      "xargs:exec",
      "env:exec",
      "tar:exec",
    ]);
  });

  it("leaves plain file tools alone, find, sed and tar included (their exec options are off)", () => {
    expect(
      fullShellPrograms(["ls", "cat", "grep", "wc", "head", "find", "sed", "tar", "sort", "m2hv"]),
    ).toEqual([]);
    expect(fullShellPrograms([])).toEqual([]);
    expect(entriesNeedingExec(["ls", "find", "sed", "tar", "sort"])).toEqual([]);
  });

  it("finds plain entries of programs that always run programs, which allow nothing", () => {
    expect(
      entriesNeedingExec(["ls", "bash", "python3", "python3.12", "perl5.36", "xargs", "awk"]),
    ).toEqual(["bash", "python3", "python3.12", "perl5.36", "xargs", "awk"]);
    expect(entriesNeedingExec(["bash:exec"])).toEqual([]);
    expect(execEntry(" xargs ")).toBe("xargs:exec");
  });
});
