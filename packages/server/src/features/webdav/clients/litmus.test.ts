/**
 * litmus (Debian's WebDAV conformance suite), groups basic, copymove, props, locks and http:
 * every test passes against our /dav/, as it does against Apache's mod_dav run in the same file
 * (the baseline: Apache passing shows the harness and the parsing are right).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApacheDav, type ApacheDav } from "../../../test/dav/apache.js";
import { startDavServer, type DavServer } from "../../../test/dav/dav-server.js";
import {
  LITMUS_GROUPS,
  litmusFailures,
  runLitmus,
  type LitmusRun,
} from "../../../test/dav/litmus.js";

const APACHE_AUTH = { user: "litmus", password: "litmus-password-1" };

/** The tests Apache runs: the list ours must run too (a suite whose `begin` fails stops early). */
let reference: LitmusRun | undefined;

function explain(run: LitmusRun): string {
  const failures = litmusFailures(run.tests);
  const log = run.debugLog ? `\n(HTTP traces in ${run.debugLog})` : "";
  return `${failures.length} litmus test(s) did not pass:\n${failures.join("\n")}${log}`;
}

describe("litmus against Apache mod_dav (the baseline)", () => {
  let apache: ApacheDav;
  beforeAll(async () => {
    apache = await startApacheDav({ auth: APACHE_AUTH });
  });
  afterAll(() => apache?.stop());

  it("passes every test of basic, copymove, props, locks and http", async () => {
    const run = await runLitmus(apache.url, APACHE_AUTH);
    expect(litmusFailures(run.tests), explain(run)).toEqual([]);
    // Every group ran to its end (litmus 0.13: 16 + 13 + 30 + 41 + 4 tests).
    expect(new Set(run.tests.map((t) => t.group))).toEqual(new Set(LITMUS_GROUPS));
    expect(run.tests.map((t) => t.name).filter((n) => n === "finish")).toHaveLength(5);
    expect(run.tests).toHaveLength(104);
    // Apache's two warnings (passes all the same): a PUT with a corrupt lock token is 400, not
    // 423; a LOCK on an unmapped URL answers 200, not 201.
    expect(run.tests.filter((t) => t.warnings.length > 0).map((t) => t.id)).toEqual([
      "locks/18.cond_put_corrupt_token",
      "locks/38.unmapped_lock",
    ]);
    expect(run.exitCode).toBe(0);
    reference = run;
  }, 60_000);
});

describe("litmus against our /dav/", () => {
  let dav: DavServer;
  beforeAll(async () => {
    dav = await startDavServer();
  });
  afterAll(() => dav?.close());

  it("passes every test of basic, copymove, props, locks and http, as Apache does", async () => {
    const run = await runLitmus(dav.url, await dav.credentials());
    expect(litmusFailures(run.tests), explain(run)).toEqual([]);
    const expected = reference?.tests.map((t) => t.id);
    if (expected) {
      // Every test Apache ran ran here too (none left out by a suite stopping early).
      expect(
        run.tests.map((t) => t.id),
        explain(run),
      ).toEqual(expected);
    } else {
      expect(run.tests.map((t) => t.name).filter((n) => n === "finish")).toHaveLength(5);
    }
    expect(run.exitCode, run.output).toBe(0);
  }, 90_000);
});
