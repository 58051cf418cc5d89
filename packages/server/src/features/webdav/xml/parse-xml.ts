import { XMLValidator } from "fast-xml-parser";

/**
 * WebDAV request bodies, parsed safely, with namespaces (Namespaces in XML 1.0).
 *
 * Two passes, both of which must accept the body:
 *  1. fast-xml-parser's `XMLValidator` (tag balance, names, repeated attributes);
 *  2. our own strict scanner below, which builds the tree. It checks what the validator lets
 *     through (a second root, text after the root, `<` in an attribute value, `]]>` in text,
 *     `--` in a comment, characters XML forbids, unknown entity references) and refuses every
 *     DOCTYPE and ENTITY declaration outright, so nothing is ever expanded or fetched: no XXE,
 *     no billion laughs, no external DTD. Only the five predefined entities and numeric
 *     character references are resolved.
 * fast-xml-parser's own tree builder is not used: it drops text after the root, refuses valid
 * names such as `constructor`, caps nesting at 100 and knows nothing of namespaces.
 */

export interface XmlElement {
  ns: string;
  /** local name */
  name: string;
  /** attributes by "{ns}name", or the plain name when unprefixed (no namespace); xmlns declarations are not attributes */
  attrs: Record<string, string>;
  children: XmlNode[];
  /**
   * The namespace declarations in scope on this element (its own and inherited ones), prefix ""
   * for the default namespace (absent when there is none), for re-serialising dead properties.
   * The predefined `xml` prefix is not listed.
   */
  declared: Record<string, string>;
}
export type XmlNode = XmlElement | { text: string };

export class DavXmlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DavXmlError";
  }
}

export const DAV = "DAV:";
export const XML_NS = "http://www.w3.org/XML/1998/namespace";
const XMLNS_NS = "http://www.w3.org/2000/xmlns/";

/** Nesting deeper than this is refused (no WebDAV body comes near it). */
export const MAX_XML_DEPTH = 256;

export const isElement = (n: XmlNode): n is XmlElement => "name" in n;

/** Children elements only. */
export function elements(el: XmlElement): XmlElement[] {
  return el.children.filter(isElement);
}

/** The first child element with this namespace and local name. */
export function child(el: XmlElement, ns: string, name: string): XmlElement | undefined {
  return elements(el).find((c) => c.ns === ns && c.name === name);
}

/** The text content, all descendants' text concatenated. */
export function textOf(el: XmlElement): string {
  let out = "";
  for (const c of el.children) out += isElement(c) ? textOf(c) : c.text;
  return out;
}

// XML 1.0 (fifth edition) names and characters.
const NAME_START =
  ":A-Z_a-z\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u02FF\\u0370-\\u037D\\u037F-\\u1FFF\\u200C-\\u200D\\u2070-\\u218F\\u2C00-\\u2FEF\\u3001-\\uD7FF\\uF900-\\uFDCF\\uFDF0-\\uFFFD\\u{10000}-\\u{EFFFF}";
const NAME_CHAR = `${NAME_START}\\-.0-9\\u00B7\\u0300-\\u036F\\u203F-\\u2040`;
// The ranges include combining marks (U+0300…) as name characters, which is what XML says.
// eslint-disable-next-line no-misleading-character-class -- code point ranges, no combined character
const NAME = new RegExp(`[${NAME_START}][${NAME_CHAR}]*`, "uy");
const BAD_CHAR = /[^\t\n\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;
const SPACE = /[ \t\n]*/y;
const XML_DECL =
  /<\?xml[ \t\n]+version[ \t\n]*=[ \t\n]*(?:"1\.[0-9]+"|'1\.[0-9]+')(?:[ \t\n]+encoding[ \t\n]*=[ \t\n]*(?:"[A-Za-z][A-Za-z0-9._-]*"|'[A-Za-z][A-Za-z0-9._-]*'))?(?:[ \t\n]+standalone[ \t\n]*=[ \t\n]*(?:"(?:yes|no)"|'(?:yes|no)'))?[ \t\n]*\?>/y;
const PREDEFINED: Record<string, string> = { lt: "<", gt: ">", amp: "&", apos: "'", quot: '"' };

const isXmlChar = (cp: number) =>
  cp === 0x9 ||
  cp === 0xa ||
  cp === 0xd ||
  (cp >= 0x20 && cp <= 0xd7ff) ||
  (cp >= 0xe000 && cp <= 0xfffd) ||
  (cp >= 0x10000 && cp <= 0x10ffff);

/** Resolves the references of a run of character data; anything but the predefined five and numeric references is refused. */
function decode(raw: string): string {
  if (!raw.includes("&")) return raw;
  return raw.replace(/&([^;&]*);?/g, (whole, ref: string) => {
    if (!whole.endsWith(";")) throw new DavXmlError("a '&' that starts no reference");
    const known = PREDEFINED[ref];
    if (known !== undefined) return known;
    const num = /^#(?:x([0-9A-Fa-f]+)|([0-9]+))$/.exec(ref);
    if (!num) throw new DavXmlError(`reference to an undeclared entity: &${ref};`);
    const cp = num[1] !== undefined ? parseInt(num[1], 16) : parseInt(num[2] ?? "", 10);
    if (!isXmlChar(cp))
      throw new DavXmlError(`character reference to a character XML forbids: &${ref};`);
    return String.fromCodePoint(cp);
  });
}

interface Raw {
  qname: string;
  attrs: [string, string][];
  children: (Raw | { text: string })[];
}

/** The lexical pass: a strict, non-validating XML 1.0 scanner with no DTD support at all. */
class Scanner {
  pos = 0;
  constructor(readonly s: string) {}

  fail(what: string): never {
    throw new DavXmlError(`${what} (at offset ${this.pos})`);
  }
  startsWith(t: string) {
    return this.s.startsWith(t, this.pos);
  }
  space(): boolean {
    SPACE.lastIndex = this.pos;
    SPACE.exec(this.s);
    const moved = SPACE.lastIndex > this.pos;
    this.pos = SPACE.lastIndex;
    return moved;
  }
  name(): string {
    NAME.lastIndex = this.pos;
    const m = NAME.exec(this.s);
    if (!m) this.fail("a name was expected");
    this.pos = NAME.lastIndex;
    return m[0];
  }
  until(end: string, what: string): string {
    const at = this.s.indexOf(end, this.pos);
    if (at < 0) this.fail(`unterminated ${what}`);
    const body = this.s.slice(this.pos, at);
    this.pos = at + end.length;
    return body;
  }
  comment() {
    this.pos += 4;
    const body = this.until("-->", "comment");
    if (body.includes("--") || body.endsWith("-")) this.fail("'--' inside a comment");
  }
  /** Comments, white space and refusals between the declaration, the root and the end. */
  misc() {
    for (;;) {
      this.space();
      if (this.startsWith("<!--")) this.comment();
      else if (this.startsWith("<!DOCTYPE") || this.startsWith("<!doctype"))
        this.fail("DOCTYPE declarations are refused");
      else if (this.startsWith("<!ENTITY")) this.fail("ENTITY declarations are refused");
      else if (this.startsWith("<?")) this.fail("processing instructions are refused");
      else if (this.startsWith("<!")) this.fail("markup declarations are refused");
      else return;
    }
  }
  document(): Raw {
    if (this.startsWith("<?xml") && /[ \t\n]/.test(this.s[this.pos + 5] ?? "")) {
      XML_DECL.lastIndex = 0;
      if (!XML_DECL.exec(this.s)) this.fail("malformed XML declaration");
      this.pos = XML_DECL.lastIndex;
    }
    this.misc();
    if (this.pos >= this.s.length || this.s[this.pos] !== "<")
      this.fail("a root element was expected");
    const root = this.element();
    this.misc();
    if (this.pos < this.s.length) this.fail("content after the root element");
    return root;
  }
  startTag(): { el: Raw; empty: boolean } {
    this.pos += 1;
    const el: Raw = { qname: this.name(), attrs: [], children: [] };
    const seen = new Set<string>();
    for (;;) {
      const spaced = this.space();
      if (this.startsWith("/>")) {
        this.pos += 2;
        return { el, empty: true };
      }
      if (this.startsWith(">")) {
        this.pos += 1;
        return { el, empty: false };
      }
      if (!spaced) this.fail("white space was expected between attributes");
      const name = this.name();
      this.space();
      if (this.s[this.pos] !== "=") this.fail(`attribute '${name}' has no value`);
      this.pos += 1;
      this.space();
      const quote = this.s[this.pos];
      if (quote !== '"' && quote !== "'") this.fail("a quoted attribute value was expected");
      this.pos += 1;
      const raw = this.until(quote, "attribute value");
      if (raw.includes("<")) this.fail("'<' in an attribute value");
      if (seen.has(name)) this.fail(`attribute '${name}' is repeated`);
      seen.add(name);
      // Attribute-value normalisation for CDATA attributes: each white space character is a space
      // (before references are resolved, so &#10; stays a line feed).
      el.attrs.push([name, decode(raw.replace(/[\t\n]/g, " "))]);
    }
  }
  element(): Raw {
    const stack: Raw[] = [];
    const first = this.startTag();
    if (first.empty) return first.el;
    stack.push(first.el);
    let text = "";
    const flush = (into: Raw) => {
      if (text === "") return;
      const last = into.children.at(-1);
      if (last && "text" in last) last.text += text;
      else into.children.push({ text });
      text = "";
    };
    while (stack.length > 0) {
      const top = stack[stack.length - 1] as Raw;
      const lt = this.s.indexOf("<", this.pos);
      if (lt < 0) this.fail(`element '${top.qname}' is not closed`);
      const chars = this.s.slice(this.pos, lt);
      if (chars.includes("]]>")) this.fail("']]>' in text");
      text += decode(chars);
      this.pos = lt;
      if (this.startsWith("</")) {
        this.pos += 2;
        const name = this.name();
        this.space();
        if (this.s[this.pos] !== ">") this.fail("malformed end tag");
        this.pos += 1;
        if (name !== top.qname) this.fail(`end tag '${name}' does not close '${top.qname}'`);
        flush(top);
        stack.pop();
      } else if (this.startsWith("<![CDATA[")) {
        this.pos += 9;
        text += this.until("]]>", "CDATA section");
      } else if (this.startsWith("<!--")) {
        this.comment();
      } else if (this.startsWith("<?")) {
        this.fail("processing instructions are refused");
      } else if (this.startsWith("<!")) {
        this.fail("markup declarations are refused");
      } else {
        flush(top);
        const { el, empty } = this.startTag();
        top.children.push(el);
        if (!empty) {
          if (stack.length >= MAX_XML_DEPTH) this.fail("elements nested too deeply");
          stack.push(el);
        }
      }
    }
    return first.el;
  }
}

/** Sets an own property, whatever the key (`__proto__` included). */
function put(obj: Record<string, string>, key: string, value: string) {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}

function split(qname: string): [prefix: string, local: string] {
  const parts = qname.split(":");
  if (parts.length === 1) return ["", qname];
  if (parts.length > 2 || parts[0] === "" || parts[1] === "")
    throw new DavXmlError(`'${qname}' is not a qualified name`);
  return [parts[0] as string, parts[1] as string];
}

/** The namespace pass: resolves prefixes, scope by scope. */
function resolve(raw: Raw, scope: Record<string, string>): XmlElement {
  const declared: Record<string, string> = {};
  for (const [p, uri] of Object.entries(scope)) put(declared, p, uri);
  for (const [name, value] of raw.attrs) {
    if (name === "xmlns") {
      if (value === XML_NS || value === XMLNS_NS)
        throw new DavXmlError("reserved namespace as default");
      if (value === "") delete declared[""];
      else put(declared, "", value);
    } else if (name.startsWith("xmlns:")) {
      const prefix = split(name)[1];
      if (value === "") throw new DavXmlError(`prefix '${prefix}' bound to the empty name`);
      if (prefix === "xmlns") throw new DavXmlError("the xmlns prefix cannot be declared");
      if ((prefix === "xml") !== (value === XML_NS))
        throw new DavXmlError("the xml prefix and its namespace go together only");
      if (value === XMLNS_NS) throw new DavXmlError("the xmlns namespace cannot be bound");
      if (prefix !== "xml") put(declared, prefix, value);
    }
  }
  const lookup = (prefix: string): string => {
    if (prefix === "xml") return XML_NS;
    const ns = Object.hasOwn(declared, prefix) ? declared[prefix] : undefined;
    if (ns === undefined) throw new DavXmlError(`undeclared namespace prefix '${prefix}'`);
    return ns;
  };
  const [prefix, name] = split(raw.qname);
  const ns =
    prefix === "" ? (Object.hasOwn(declared, "") ? (declared[""] ?? "") : "") : lookup(prefix);
  const attrs: Record<string, string> = {};
  for (const [qname, value] of raw.attrs) {
    if (qname === "xmlns" || qname.startsWith("xmlns:")) continue;
    const [p, local] = split(qname);
    const key = p === "" ? local : `{${lookup(p)}}${local}`;
    if (Object.hasOwn(attrs, key)) throw new DavXmlError(`attribute '${key}' is repeated`);
    put(attrs, key, value);
  }
  const children = raw.children.map((c) => ("text" in c ? { text: c.text } : resolve(c, declared)));
  return { ns, name, attrs, children, declared };
}

/**
 * Parses a request body. Empty or white-space-only → undefined. Throws DavXmlError on: not
 * well-formed, any DOCTYPE / ENTITY declaration (refused outright), an undeclared prefix, a
 * prefix bound to "" (xmlns:x=""), processing instructions other than the XML declaration.
 * Resolves only XML's five predefined entities and numeric character references.
 */
export function parseDavXml(text: string): XmlElement | undefined {
  let s = text.startsWith("\uFEFF") ? text.slice(1) : text;
  if (s.trim() === "") return undefined;
  // End-of-line handling (XML 1.0 §2.11), before anything else.
  s = s.replace(/\r\n?/g, "\n");
  const bad = BAD_CHAR.exec(s);
  if (bad)
    throw new DavXmlError(
      `character U+${(bad[0].codePointAt(0) ?? 0).toString(16)} is not allowed in XML`,
    );
  // The scanner first: it refuses DOCTYPEs before the validator reads them.
  const raw = new Scanner(s).document();
  const valid = XMLValidator.validate(s, { allowBooleanAttributes: false });
  if (valid !== true) throw new DavXmlError(`not well-formed: ${valid.err.msg}`);
  return resolve(raw, {});
}
