import type * as Http from "node:http";
import { createRequire } from "node:module";
import { DAV, XML_NS, isElement, type XmlElement } from "./parse-xml.js";

/**
 * Required, not imported: an ES module's import of node:http reads every export of it, and
 * its WebSocket, MessageEvent and CloseEvent getters load Node's copy of undici (about 2 MiB
 * of heap kept by every server, which never uses them).
 */
const { STATUS_CODES } = createRequire(import.meta.url)("node:http") as typeof Http;

/**
 * Writing WebDAV XML.
 *
 * Output trees are `OutNode`s: an element (`OutElement`: ns, local name, attributes keyed like
 * `XmlElement`'s, children), a text (escaped by the writer), or `{ xml }`: a piece of XML written
 * verbatim. The verbatim piece must be standalone, well-formed XML that declares every namespace
 * it uses itself: what `serializeElement` makes. That is how stored XML goes back out unchanged:
 *
 *  - a dead property is stored (`dav_props.value_xml`) as `serializeElement(propertyElement)`,
 *    the whole property element from the PROPPATCH body (its name, its attributes such as
 *    xml:lang, its children, every namespace it uses declared on it); PROPFIND gives it back as
 *    `{ ns, name, xml: valueXml }`, written verbatim in place of the property;
 *  - a lock's owner is stored (`dav_locks.owner_xml`) as `serializeElement(<D:owner> element)`
 *    (or "" without one), and lockdiscovery puts `{ xml: ownerXml }` among the activelock's
 *    children.
 *
 * Namespaces of `OutElement`s get prefixes from the writer: "D" for DAV:, "ns0", "ns1"… for the
 * others, all declared on the document's root; an element with ns "" is written unprefixed, and
 * no default namespace is ever declared, so it has no namespace as it should. Verbatim pieces
 * are self-contained, so the prefixes they use cannot clash with the writer's.
 */

/** XML text escaping for element content and attribute values (characters XML cannot carry become U+FFFD). */
export function escapeXml(s: string): string {
  // Most names need nothing (a listing escapes thousands of them).
  if (PLAIN.test(s)) return s;
  return s.replace(
    // eslint-disable-next-line no-control-regex -- the characters XML 1.0 cannot carry
    /[&<>"'\r]|[\x00-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
    (c) => ESCAPES[c] ?? "\uFFFD",
  );
}
const PLAIN = /^[\w .,;:/=()+@#~%!$*\-[\]{}]*$/;
const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
  "\r": "&#13;",
};

/** Escaping for attribute values that keeps tabs and line feeds (which parsing turns into spaces otherwise). */
export function escapeAttr(s: string): string {
  return escapeXml(s).replace(/[\t\n]/g, (c) => (c === "\t" ? "&#9;" : "&#10;"));
}

export interface OutElement {
  ns: string;
  name: string;
  /** by "{ns}name", or the plain name for no namespace */
  attrs?: Record<string, string>;
  children?: OutNode[];
}
/** `{ xml }`: standalone XML written verbatim (see the file's header). */
export type OutNode = OutElement | { text: string } | { xml: string };

/** A DAV: element. */
export function davEl(name: string, children: OutNode[] | string = []): OutElement {
  return {
    ns: DAV,
    name,
    children: typeof children === "string" ? [{ text: children }] : children,
  };
}

export interface PropOut {
  ns: string;
  /** local name */
  name: string;
  /**
   * The content: a text (escaped by the writer), or child nodes (elements with prefixes resolved
   * by the writer, texts, verbatim `{ xml }`); none for an empty element (`<D:getetag/>` in a 404
   * propstat, `<D:resourcetype/>` of a file).
   */
  value?: string | OutNode[];
  /** A dead property: the whole property element as stored (`serializeElement`), written verbatim; `value` is then ignored. */
  xml?: string;
}

/** "HTTP/1.1 200 OK" */
export function statusLine(status: number): string {
  return `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? "Unknown"}`;
}

/** Chooses prefixes for namespaces. */
class Prefixes {
  private readonly byNs = new Map<string, string>();
  private readonly taken = new Set<string>();
  private next = 0;
  constructor(fixed: [ns: string, prefix: string][] = []) {
    for (const [ns, prefix] of fixed) this.bind(ns, prefix);
  }
  bind(ns: string, prefix: string) {
    if (this.byNs.has(ns) || this.taken.has(prefix)) return;
    this.byNs.set(ns, prefix);
    this.taken.add(prefix);
  }
  /** The prefix of `ns` ("" for no namespace), bound now if new. */
  of(ns: string): string {
    if (ns === "") return "";
    if (ns === XML_NS) return "xml";
    let prefix = this.byNs.get(ns);
    if (prefix === undefined) {
      do prefix = `ns${this.next++}`;
      while (this.taken.has(prefix));
      this.bind(ns, prefix);
    }
    return prefix;
  }
  declarations(): string {
    let out = "";
    for (const [ns, prefix] of this.byNs) {
      out += prefix === "" ? ` xmlns="${escapeAttr(ns)}"` : ` xmlns:${prefix}="${escapeAttr(ns)}"`;
    }
    return out;
  }
}

function splitKey(key: string): [ns: string, local: string] {
  if (!key.startsWith("{")) return ["", key];
  const end = key.lastIndexOf("}");
  return [key.slice(1, end), key.slice(end + 1)];
}

const qname = (prefix: string, local: string) => (prefix === "" ? local : `${prefix}:${local}`);

/** Writes nodes, prefixes from `prefixes` (`defaultNs`: the namespace written unprefixed, if one is declared as default). */
function write(nodes: readonly OutNode[], prefixes: Prefixes, defaultNs?: string): string {
  let out = "";
  for (const node of nodes) {
    if ("text" in node) out += escapeXml(node.text);
    else if ("xml" in node) out += node.xml;
    else out += writeElement(node, prefixes, defaultNs);
  }
  return out;
}

function writeAttrs(attrs: Record<string, string> | undefined, prefixes: Prefixes): string {
  let out = "";
  for (const [key, value] of Object.entries(attrs ?? {})) {
    const [ns, local] = splitKey(key);
    out += ` ${qname(prefixes.of(ns), local)}="${escapeAttr(value)}"`;
  }
  return out;
}

function writeElement(el: OutElement, prefixes: Prefixes, defaultNs?: string, extra = ""): string {
  const tag = el.ns === defaultNs ? el.name : qname(prefixes.of(el.ns), el.name);
  const attrs = writeAttrs(el.attrs, prefixes);
  const inner = write(el.children ?? [], prefixes, defaultNs);
  const open = `${tag}${extra}${attrs}`;
  return inner === "" ? `<${open}/>` : `<${open}>${inner}</${tag}>`;
}

/** Every namespace an element and its descendants use; whether some element has none. */
function usedNamespaces(el: XmlElement, into: Set<string>): boolean {
  let bare = el.ns === "";
  into.add(el.ns);
  for (const key of Object.keys(el.attrs)) into.add(splitKey(key)[0]);
  for (const c of el.children) if (isElement(c) && usedNamespaces(c, into)) bare = true;
  return bare;
}

/**
 * Serialises an element (a dead property's value, the lock owner) as standalone well-formed XML:
 * every namespace it and its descendants use is declared on it, and so is every prefixed
 * declaration in scope where it was parsed (so QNames in content keep their meaning); original
 * prefixes are kept where known, others generated (ns0, ns1…). The default namespace in scope is
 * kept when no element of the subtree is in no namespace. Text escaped. Round-trip:
 * parseDavXml(serializeElement(e)) is equal in ns/name/attrs/text to e.
 */
export function serializeElement(el: XmlElement): string {
  const used = new Set<string>();
  const bare = usedNamespaces(el, used);
  const prefixes = new Prefixes();
  const defaultNs = bare ? undefined : el.declared[""];
  for (const [prefix, ns] of Object.entries(el.declared))
    if (prefix !== "") prefixes.bind(ns, prefix);
  for (const ns of used) if (ns !== defaultNs) prefixes.of(ns);
  const decl =
    (defaultNs === undefined ? "" : ` xmlns="${escapeAttr(defaultNs)}"`) + prefixes.declarations();
  return writeElement(el, prefixes, defaultNs, decl);
}

/** A whole document with `root` (e.g. `davEl("error", …)`, the `<D:prop>` of a LOCK answer), namespaces declared on it. */
export function xmlDocument(root: OutElement): string {
  const prefixes = new Prefixes([[DAV, "D"]]);
  const tag = qname(prefixes.of(root.ns), root.name);
  const attrs = writeAttrs(root.attrs, prefixes);
  const body = write(root.children ?? [], prefixes);
  const open = `${tag}${prefixes.declarations()}${attrs}`;
  return `<?xml version="1.0" encoding="utf-8"?>\n${body === "" ? `<${open}/>` : `<${open}>${body}</${tag}>`}`;
}

/** A multistatus writer: prefix "D" for DAV:, other namespaces get ns0, ns1… declared on the root. */
export class MultistatusWriter {
  private readonly prefixes = new Prefixes([[DAV, "D"]]);
  private readonly parts: string[] = [];

  /** One <D:response> with its propstats (empty ones are left out). */
  response(
    href: string,
    propstats: { status: number; props: PropOut[] }[],
    description?: string,
  ): void {
    let out = `<D:response><D:href>${escapeXml(href)}</D:href>`;
    for (const { status, props } of propstats) {
      if (props.length === 0) continue;
      out += "<D:propstat><D:prop>";
      for (const p of props) {
        if (p.xml !== undefined) out += p.xml;
        else {
          const children = typeof p.value === "string" ? [{ text: p.value }] : (p.value ?? []);
          out += writeElement({ ns: p.ns, name: p.name, children }, this.prefixes);
        }
      }
      out += `</D:prop><D:status>${statusLine(status)}</D:status></D:propstat>`;
    }
    if (description !== undefined)
      out += `<D:responsedescription>${escapeXml(description)}</D:responsedescription>`;
    this.parts.push(`${out}</D:response>`);
  }

  /** A <D:response> with a single <D:status> (e.g. 423, 424 for COPY/MOVE/DELETE failures), and an optional <D:error> (e.g. [davEl("lock-token-submitted", [davEl("href", path)])]). */
  statusResponse(href: string, status: number, error?: OutNode[]): void {
    let out = `<D:response><D:href>${escapeXml(href)}</D:href><D:status>${statusLine(status)}</D:status>`;
    if (error) out += `<D:error>${write(error, this.prefixes)}</D:error>`;
    this.parts.push(`${out}</D:response>`);
  }

  /** How many responses so far. */
  get size(): number {
    return this.parts.length;
  }

  toString(): string {
    return `<?xml version="1.0" encoding="utf-8"?>\n<D:multistatus${this.prefixes.declarations()}>${this.parts.join("")}</D:multistatus>`;
  }
}
