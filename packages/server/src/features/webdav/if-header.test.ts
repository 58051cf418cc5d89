import { describe, expect, it } from "vitest";
import {
  DavIfError,
  evaluateIf,
  parseIfHeader,
  parseLockTokenHeader,
  submittedTokens,
  type IfList,
} from "./if-header.js";

const A = "urn:uuid:181d4fae-7d8c-11d0-a765-00a0c91e6bf2";
const B = "opaquelocktoken:e71d4fae-5dec-22d6-fea5-00a0c91e6be4";

describe("parseIfHeader", () => {
  it("parses a token and an entity tag in one list", () => {
    expect(parseIfHeader(`(<${A}> ["I am an ETag"])`)).toEqual([
      {
        conditions: [
          { not: false, kind: "token", value: A },
          { not: false, kind: "etag", value: `"I am an ETag"` },
        ],
      },
    ]);
  });

  it("parses Not, in any case, with or without a space", () => {
    expect(parseIfHeader(`(Not <DAV:no-lock>)`)).toEqual([
      { conditions: [{ not: true, kind: "token", value: "DAV:no-lock" }] },
    ]);
    expect(parseIfHeader(`(not<DAV:no-lock> NOT ["x"])`)[0]?.conditions.map((c) => c.not)).toEqual([
      true,
      true,
    ]);
  });

  it("parses several lists, and white space variations (tabs, folded lines, none)", () => {
    const expected = [
      { conditions: [{ not: false, kind: "token", value: A }] },
      {
        conditions: [
          { not: true, kind: "token", value: "DAV:no-lock" },
          { not: false, kind: "etag", value: `W/"weak"` },
        ],
      },
    ];
    expect(parseIfHeader(`(<${A}>) (Not <DAV:no-lock> [W/"weak"])`)).toEqual(expected);
    expect(parseIfHeader(`(<${A}>)(Not<DAV:no-lock>[W/"weak"])`)).toEqual(expected);
    expect(parseIfHeader(`  (\t<${A}>\r\n )\r\n\t( Not <DAV:no-lock> [ W/"weak" ] )  `)).toEqual(
      expected,
    );
  });

  it("keeps entity tags whole, ']' inside included", () => {
    expect(parseIfHeader(`(["a]b"])`)[0]?.conditions[0]?.value).toBe(`"a]b"`);
    expect(parseIfHeader(`([""])`)[0]?.conditions[0]?.value).toBe(`""`);
  });

  it("parses tagged lists: absolute URLs and paths, decoded to paths", () => {
    const lists = parseIfHeader(
      `<http://www.example.com/dav/a%20b.tex> (<${A}>) (["e1"]) </dav/x/../y?q=1> (Not <${B}>)`,
    );
    expect(lists).toEqual([
      {
        resource: "/dav/a b.tex",
        tag: "http://www.example.com/dav/a%20b.tex",
        conditions: [{ not: false, kind: "token", value: A }],
      },
      {
        resource: "/dav/a b.tex",
        tag: "http://www.example.com/dav/a%20b.tex",
        conditions: [{ not: false, kind: "etag", value: `"e1"` }],
      },
      {
        resource: "/dav/y",
        tag: "/dav/x/../y?q=1",
        conditions: [{ not: true, kind: "token", value: B }],
      },
    ]);
    expect(parseIfHeader(`<https://h:8443/dav/%C3%A9%F0%9F%98%80/> (<${A}>)`)[0]?.resource).toBe(
      "/dav/é\u{1F600}/",
    );
  });

  it.each([
    ["empty", ""],
    ["blank", "   "],
    ["an empty list", "()"],
    ["an unterminated list", `(<${A}>`],
    ["an unterminated token", `(<${A})`],
    ["a bare token", `<${A}>`],
    ["a tag without list", `<http://h/a> (<${A}>) <http://h/b>`],
    ["tagged and untagged mixed", `(<${A}>) <http://h/a> (<${B}>)`],
    ["untagged after tagged", `<http://h/a> (<${A}>) <http://h/b> (<${B}>) x`],
    ["a relative tag", `<a/b> (<${A}>)`],
    ["a tag of another scheme", `<ftp://h/a> (<${A}>)`],
    ["bad percent-encoding in a tag", `</dav/%zz%> (<${A}>)`],
    ["a token that is no absolute URI", `(<not a uri>)`],
    ["an empty token", `(<>)`],
    ["an unquoted entity tag", `([etag])`],
    ["an unterminated entity tag", `(["etag)`],
    ["an entity tag without ]", `(["etag" <${A}>)`],
    ["garbage in a list", `(<${A}> foo)`],
    ["Not alone", `(Not)`],
    ["Not twice", `(Not Not <${A}>)`],
    ["garbage", `; drop table`],
    ["a comma between lists", `(<${A}>), (<${B}>)`],
  ])("refuses a malformed header: %s", (_what, value) => {
    expect(() => parseIfHeader(value)).toThrow(DavIfError);
  });
});

describe("submittedTokens", () => {
  it("gives every token named, negated or not, tagged or not, once", () => {
    expect(submittedTokens(parseIfHeader(`(<${A}> ["e"]) (Not <${B}>) (<${A}>)`))).toEqual([A, B]);
    expect(submittedTokens(parseIfHeader(`<http://h/x> (<${B}>) <http://h/y> (["e"])`))).toEqual([
      B,
    ]);
  });
});

describe("evaluateIf", () => {
  const states: Record<string, { etag?: string; lockTokens: string[] }> = {
    "/dav/locked": { etag: `"e1"`, lockTokens: [A] },
    "/dav/free": { etag: `"e2"`, lockTokens: [] },
    "/dav/weak": { etag: `W/"e3"`, lockTokens: [] },
  };
  const asked: string[] = [];
  const stateOf = (path: string) => {
    asked.push(path);
    return Promise.resolve(states[path] ?? { lockTokens: [] });
  };
  const holds = (header: string, url: string) => evaluateIf(parseIfHeader(header), url, stateOf);

  it("holds when the token is one of the resource's locks, and the etag matches (AND)", async () => {
    expect(await holds(`(<${A}> ["e1"])`, "/dav/locked")).toBe(true);
    expect(await holds(`(<${A}> ["bogus"])`, "/dav/locked")).toBe(false);
    expect(await holds(`(<${B}> ["e1"])`, "/dav/locked")).toBe(false);
    expect(await holds(`(<${A}>)`, "/dav/free")).toBe(false);
  });

  it("holds when any list holds (OR); Not inverts", async () => {
    expect(await holds(`(<${B}>) (Not <DAV:no-lock>)`, "/dav/locked")).toBe(true);
    expect(await holds(`(<${B}>) (<DAV:no-lock>)`, "/dav/locked")).toBe(false);
    expect(await holds(`(Not <${A}>)`, "/dav/locked")).toBe(false);
    expect(await holds(`(Not <${A}>)`, "/dav/free")).toBe(true);
    expect(await holds(`(Not ["e2"])`, "/dav/free")).toBe(false);
    expect(await holds(`(<${A}> ["e1"]) (Not <DAV:no-lock> ["bogus"])`, "/dav/locked")).toBe(true);
    expect(await holds(`(<${A}> ["bad"]) (Not <DAV:no-lock> ["bogus"])`, "/dav/locked")).toBe(
      false,
    );
  });

  it("compares entity tags strongly, as sent", async () => {
    expect(await holds(`([W/"e3"])`, "/dav/weak")).toBe(true);
    expect(await holds(`(["e3"])`, "/dav/weak")).toBe(false);
    expect(await holds(`(["e2"])`, "/dav/missing")).toBe(false);
    expect(await holds(`(Not ["e2"])`, "/dav/missing")).toBe(true);
  });

  it("evaluates tagged lists against their own resource, asking each path once", async () => {
    asked.length = 0;
    expect(await holds(`<http://h/dav/locked> (<${A}>)`, "/dav/free")).toBe(true);
    expect(await holds(`</dav/free> (<${A}>) </dav/free> (["e1"])`, "/dav/locked")).toBe(false);
    expect(asked).toEqual(["/dav/locked", "/dav/free"]);
    asked.length = 0;
    expect(await holds(`(<${B}>) (["x"]) (["e2"])`, "/dav/free")).toBe(true);
    expect(asked).toEqual(["/dav/free"]);
  });

  it("holds with no lists at all", async () => {
    const none: IfList[] = [];
    expect(await evaluateIf(none, "/dav/x", stateOf)).toBe(true);
  });
});

describe("parseLockTokenHeader", () => {
  it("takes the token out of its angle brackets", () => {
    expect(parseLockTokenHeader(`<${A}>`)).toBe(A);
    expect(parseLockTokenHeader(` <${A}>\t`)).toBe(A);
  });
  it.each([undefined, "", A, `<${A}`, "<>", "<a b>", `<${A}> <${B}>`])("refuses %s", (value) => {
    expect(() => parseLockTokenHeader(value)).toThrow(DavIfError);
  });
});
