import { describe, expect, it } from "vitest";
import {
  DAV,
  child,
  elements,
  isElement,
  parseDavXml,
  textOf,
  type XmlElement,
  type XmlNode,
} from "./parse-xml.js";
import {
  MultistatusWriter,
  davEl,
  escapeAttr,
  escapeXml,
  serializeElement,
  statusLine,
  xmlDocument,
} from "./write-xml.js";

/** ns/name/attrs/text of a tree, without the declarations (which the round trip may rename). */
type Shape = {
  ns: string;
  name: string;
  attrs: Record<string, string>;
  children: (Shape | string)[];
};
const shape = (el: XmlElement): Shape => ({
  ns: el.ns,
  name: el.name,
  attrs: el.attrs,
  children: el.children.map((c: XmlNode) => (isElement(c) ? shape(c) : c.text)),
});

/** The property elements of a PROPPATCH-like body. */
const propsOf = (body: string): XmlElement[] =>
  elements(child(parseDavXml(body) as XmlElement, DAV, "prop") as XmlElement);

const roundTrip = (el: XmlElement) => {
  const xml = serializeElement(el);
  const back = parseDavXml(xml) as XmlElement;
  expect(shape(back), xml).toEqual(shape(el));
  return xml;
};

describe("escapeXml", () => {
  it("escapes markup characters and carriage returns", () => {
    expect(escapeXml(`<a href="x">&'\r</a>`)).toBe(
      "&lt;a href=&quot;x&quot;&gt;&amp;&apos;&#13;&lt;/a&gt;",
    );
    expect(escapeXml("plain \t\n 日本 \u{1F600}")).toBe("plain \t\n 日本 \u{1F600}");
  });
  it("replaces characters XML cannot carry, keeping surrogate pairs", () => {
    expect(escapeXml("a\u0000b\u001Fc\uFFFEd\uD800e\uDC00f\u{10FFFF}")).toBe(
      "a\uFFFDb\uFFFDc\uFFFDd\uFFFDe\uFFFDf\u{10FFFF}",
    );
  });
  it("escapeAttr keeps tabs and line feeds through attribute normalisation", () => {
    const el = parseDavXml(`<a v="${escapeAttr("x\ty\nz\r")}"/>`) as XmlElement;
    expect(el.attrs.v).toBe("x\ty\nz\r");
  });
});

describe("serializeElement", () => {
  it("round-trips a dead property with a namespaced value (propvalnspace)", () => {
    const [prop] = propsOf(
      `<D:propertyupdate xmlns:D="DAV:"><D:set><D:prop><t:valnspace xmlns:t="http://example.com/neon/litmus/"><foo xmlns="http://bar">baz</foo></t:valnspace></D:prop></D:set></D:propertyupdate>`
        .replace("<D:set>", "")
        .replace("</D:set>", ""),
    ) as [XmlElement];
    const xml = roundTrip(prop);
    const back = parseDavXml(xml) as XmlElement;
    expect(elements(back)[0]).toMatchObject({ ns: "http://bar", name: "foo" });
  });

  it("round-trips mixed content, attributes in namespaces, xml:lang and no-namespace children", () => {
    const [prop] = propsOf(
      `<D:propertyupdate xmlns:D="DAV:" xmlns="urn:default"><D:prop><p:x xmlns:p="urn:p" xml:lang="fr" a="1" p:b="&lt;2&gt;">one <y q:c="3" xmlns:q="urn:q">two</y><z xmlns=""><w/></z> <![CDATA[<three>]]></p:x></D:prop></D:propertyupdate>`,
    ) as [XmlElement];
    roundTrip(prop);
  });

  it("round-trips high Unicode, and well-formedness-sensitive text (prophighunicode, propwformed)", () => {
    const [a, b] = propsOf(
      `<D:propertyupdate xmlns:D="DAV:"><D:prop><u:high xmlns:u="urn:u">\u{10000}\u{1F600}&#x10FFFF;</u:high><u:wf xmlns:u="urn:u">&lt;foo&gt;&amp;&quot;]]&gt;\r\n</u:wf></D:prop></D:propertyupdate>`,
    ) as [XmlElement, XmlElement];
    expect(textOf(parseDavXml(roundTrip(a)) as XmlElement)).toBe("\u{10000}\u{1F600}\u{10FFFF}");
    expect(textOf(parseDavXml(roundTrip(b)) as XmlElement)).toBe(`<foo>&"]]>\n`);
  });

  it("round-trips a property using many namespaces (propmanyns)", () => {
    const decls = Array.from({ length: 30 }, (_, i) => ` xmlns:n${i}="urn:ns:${i}"`).join("");
    const kids = Array.from({ length: 30 }, (_, i) => `<n${i}:k n${(i + 1) % 30}:at="${i}"/>`).join(
      "",
    );
    const [prop] = propsOf(
      `<D:propertyupdate xmlns:D="DAV:"${decls}><D:prop><n0:many>${kids}</n0:many></D:prop></D:propertyupdate>`,
    ) as [XmlElement];
    roundTrip(prop);
  });

  it("keeps the original prefixes and every prefixed declaration in scope (QNames in content)", () => {
    const [prop] = propsOf(
      `<D:propertyupdate xmlns:D="DAV:" xmlns:xs="http://www.w3.org/2001/XMLSchema"><D:prop><m:t xmlns:m="urn:m">xs:int</m:t></D:prop></D:propertyupdate>`,
    ) as [XmlElement];
    const xml = serializeElement(prop);
    expect(xml).toMatch(/^<m:t /);
    expect(xml).toContain(`xmlns:xs="http://www.w3.org/2001/XMLSchema"`);
    expect((parseDavXml(xml) as XmlElement).declared.xs).toBe("http://www.w3.org/2001/XMLSchema");
  });

  it("keeps a default namespace unprefixed unless a descendant has no namespace", () => {
    const [a, b] = propsOf(
      `<propertyupdate xmlns="DAV:"><prop><t xmlns="urn:t"><u/></t><t2 xmlns="urn:t"><v xmlns=""/></t2></prop></propertyupdate>`,
    ) as [XmlElement, XmlElement];
    expect(roundTrip(a)).toBe(`<t xmlns="urn:t"><u/></t>`);
    const xml = roundTrip(b);
    expect(xml).not.toContain(`xmlns="urn:t"`);
  });

  it("generates prefixes that do not clash with declared ones", () => {
    const el: XmlElement = {
      ns: "urn:a",
      name: "a",
      attrs: {},
      declared: { ns0: "urn:other" },
      children: [
        { ns: "urn:b", name: "b", attrs: { "{urn:c}c": "1" }, children: [], declared: {} },
      ],
    };
    roundTrip(el);
  });
});

describe("MultistatusWriter", () => {
  it("writes responses with propstats, DAV: as D and other namespaces on the root", () => {
    const w = new MultistatusWriter();
    w.response("/dav/a b&c.tex", [
      {
        status: 200,
        props: [
          { ns: DAV, name: "getcontentlength", value: "12" },
          { ns: DAV, name: "resourcetype", value: [davEl("collection")] },
          { ns: "urn:x", name: "custom", value: "<v>" },
        ],
      },
      { status: 404, props: [{ ns: "urn:y", name: "missing" }] },
      { status: 403, props: [] },
    ]);
    w.statusResponse("/dav/locked", 423, [
      davEl("lock-token-submitted", [davEl("href", "/dav/locked")]),
    ]);
    const text = w.toString();
    expect(text).toMatch(
      /^<\?xml version="1.0" encoding="utf-8"\?>\n<D:multistatus xmlns:D="DAV:" xmlns:ns0="urn:x" xmlns:ns1="urn:y">/,
    );
    expect(text).toContain("<D:href>/dav/a b&amp;c.tex</D:href>");
    expect(text).toContain("<D:resourcetype><D:collection/></D:resourcetype>");
    expect(text).toContain("<ns0:custom>&lt;v&gt;</ns0:custom>");
    expect(text).toContain("<ns1:missing/>");
    expect(text).toContain("<D:status>HTTP/1.1 404 Not Found</D:status>");
    expect(text).not.toContain("403");
    expect(text).toContain(
      "<D:status>HTTP/1.1 423 Locked</D:status><D:error><D:lock-token-submitted><D:href>/dav/locked</D:href></D:lock-token-submitted></D:error>",
    );
    const doc = parseDavXml(text) as XmlElement;
    expect(elements(doc).map((r) => textOf(child(r, DAV, "href") as XmlElement))).toEqual([
      "/dav/a b&c.tex",
      "/dav/locked",
    ]);
    expect(w.size).toBe(2);
  });

  it("writes dead properties back verbatim, namespaces included", () => {
    const stored = propsOf(
      `<D:propertyupdate xmlns:D="DAV:"><D:prop><t:valnspace xmlns:t="http://example.com/neon/litmus/"><foo xmlns="http://bar">baz</foo></t:valnspace><D:foo xmlns:ns0="urn:clash">x<ns0:y/></D:foo><e:empty xmlns:e="urn:e"/><h:hi xmlns:h="urn:h">\u{1F600}</h:hi></D:prop></D:propertyupdate>`,
    ).map((p) => ({ ns: p.ns, name: p.name, xml: serializeElement(p), original: p }));
    const w = new MultistatusWriter();
    w.response("/dav/f", [
      { status: 200, props: [{ ns: "urn:other", name: "x", value: "1" }, ...stored] },
    ]);
    const doc = parseDavXml(w.toString()) as XmlElement;
    const prop = child(
      child(child(doc, DAV, "response") as XmlElement, DAV, "propstat") as XmlElement,
      DAV,
      "prop",
    ) as XmlElement;
    const out = elements(prop).slice(1);
    expect(out.map(shape)).toEqual(stored.map((s) => shape(s.original)));
  });

  it("writes elements without a namespace unprefixed, and an empty multistatus", () => {
    const w = new MultistatusWriter();
    expect(parseDavXml(w.toString())?.name).toBe("multistatus");
    w.response("/x", [
      {
        status: 200,
        props: [{ ns: "", name: "bare", value: [{ ns: "", name: "in", attrs: { a: "1" } }] }],
      },
    ]);
    const bare = elements(
      child(
        child(
          child(parseDavXml(w.toString()) as XmlElement, DAV, "response") as XmlElement,
          DAV,
          "propstat",
        ) as XmlElement,
        DAV,
        "prop",
      ) as XmlElement,
    )[0] as XmlElement;
    expect(shape(bare)).toEqual({
      ns: "",
      name: "bare",
      attrs: {},
      children: [{ ns: "", name: "in", attrs: { a: "1" }, children: [] }],
    });
  });
});

describe("xmlDocument and statusLine", () => {
  it("writes a standalone document with the namespaces on its root", () => {
    const ownerXml = serializeElement(
      parseDavXml(
        `<D:owner xmlns:D="DAV:"><D:href>http://example.org/~ana</D:href></D:owner>`,
      ) as XmlElement,
    );
    const text = xmlDocument(
      davEl("prop", [
        davEl("lockdiscovery", [
          davEl("activelock", [
            davEl("depth", "infinity"),
            { xml: ownerXml },
            { ns: "urn:z", name: "z" },
          ]),
        ]),
      ]),
    );
    const doc = parseDavXml(text) as XmlElement;
    expect(doc.declared).toEqual({ D: DAV, ns0: "urn:z" });
    const active = child(
      child(doc, DAV, "lockdiscovery") as XmlElement,
      DAV,
      "activelock",
    ) as XmlElement;
    expect(
      textOf(child(child(active, DAV, "owner") as XmlElement, DAV, "href") as XmlElement),
    ).toBe("http://example.org/~ana");
    expect(xmlDocument(davEl("error"))).toBe(
      `<?xml version="1.0" encoding="utf-8"?>\n<D:error xmlns:D="DAV:"/>`,
    );
  });
  it("gives status lines", () => {
    expect(statusLine(200)).toBe("HTTP/1.1 200 OK");
    expect(statusLine(207)).toBe("HTTP/1.1 207 Multi-Status");
    expect(statusLine(424)).toBe("HTTP/1.1 424 Failed Dependency");
    expect(statusLine(507)).toBe("HTTP/1.1 507 Insufficient Storage");
  });
});
