import { describe, expect, it } from "vitest";
import { fullShellPrograms } from "./full-shell";

describe("programs that give a full shell", () => {
  it("finds shells, interpreters and runners, with versions and paths", () => {
    expect(
      fullShellPrograms(["ls", "bash", "python3", "python3.12", "/usr/bin/perl", "cat", "env"]),
    ).toEqual(["bash", "python3", "python3.12", "/usr/bin/perl", "env"]);
    expect(
      fullShellPrograms(["find", "xargs", "sh", "dash", "zsh", "busybox", "node"]),
    ).toHaveLength(7);
  });

  it("leaves plain file tools alone", () => {
    expect(fullShellPrograms(["ls", "cat", "grep", "wc", "head", "tail", "du", "m2hv"])).toEqual(
      [],
    );
    expect(fullShellPrograms([])).toEqual([]);
  });
});
