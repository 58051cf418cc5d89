/**
 * The WebDAV `If` header (RFC 4918 §10.4) and the `Lock-Token` header (§10.5).
 *
 *   If = ( 1*No-tag-list | 1*Tagged-list )
 *   No-tag-list = List ; Tagged-list = Resource-Tag 1*List
 *   List = "(" 1*Condition ")" ; Condition = ["Not"] ( State-token | "[" entity-tag "]" )
 *   State-token = "<" absolute-URI ">" ; Resource-Tag = "<" Simple-ref ">"
 *
 * White space (spaces, tabs, folded lines) may stand between any two items. "Not" is matched
 * without regard to case. A header mixing tagged and untagged lists, an empty list, a tag with
 * no list, an unterminated item, or anything else is malformed: DavIfError (→ 400).
 *
 * Evaluation (§10.4.3/§10.4.4): a condition on a state token holds when the resource (the tagged
 * one, or the request URL for untagged lists) has a lock with that token; on an entity tag, when
 * the resource's current ETag is exactly that one (strong comparison, `W/` kept as sent); "Not"
 * inverts. A list holds when all its conditions hold; the header holds when at least one list
 * does. `DAV:no-lock` is an ordinary token that no lock has, so `(Not <DAV:no-lock>)` always holds.
 *
 * Submitted tokens: per §10.4.1 the mere appearance of a state token in the header submits it,
 * so `submittedTokens` gives every token named anywhere, under "Not" or not, in every list
 * (tagged for any resource or untagged), whether or not that list holds. (litmus'
 * cond_put_corrupt_token relies on this reading with `(<bad-token>) (Not <DAV:no-lock>)`: the
 * header holds, but the real token was not submitted, so the write is refused with 423.)
 */

export class DavIfError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DavIfError";
  }
}

export interface IfCondition {
  not: boolean;
  kind: "token" | "etag";
  /** a token URI without <>, or the entity tag with its quotes (and W/ if sent) */
  value: string;
}

export interface IfList {
  /**
   * The tagged resource as a percent-decoded URL path ("/dav/a b.tex"): the path of an absolute
   * URL (any host: the caller checks it, if it cares) or the absolute path as sent, without query
   * or fragment, dot segments resolved; undefined for an untagged list.
   */
  resource?: string;
  /** The resource tag exactly as sent (between the angle brackets). */
  tag?: string;
  conditions: IfCondition[];
}

const LWS = /[ \t\r\n]*/y;
// Looser than RFC 9110's etagc: RFC 4918's own examples put spaces in entity tags.
// eslint-disable-next-line no-control-regex -- control characters are what is refused
const ETAG = /^(?:W\/)?"[^"\x00-\x1F\x7F]*"$/;
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;

/** The path of a resource tag, percent-decoded. */
function tagPath(raw: string): string {
  if (!SCHEME.test(raw) && !raw.startsWith("/"))
    throw new DavIfError(`a resource tag must be an absolute URL or path: <${raw}>`);
  let url: URL;
  try {
    url = new URL(raw, "http://host.invalid");
  } catch {
    throw new DavIfError(`malformed resource tag <${raw}>`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new DavIfError(`resource tag of another scheme: <${raw}>`);
  try {
    return decodeURIComponent(url.pathname);
  } catch {
    throw new DavIfError(`malformed percent-encoding in <${raw}>`);
  }
}

class Reader {
  pos = 0;
  constructor(readonly s: string) {}
  skip() {
    LWS.lastIndex = this.pos;
    LWS.exec(this.s);
    this.pos = LWS.lastIndex;
  }
  get done() {
    return this.pos >= this.s.length;
  }
  peek() {
    return this.s[this.pos];
  }
  /** What stands between the current character (an opener) and `close`. */
  enclosed(close: string, what: string): string {
    const end = this.s.indexOf(close, this.pos + 1);
    if (end < 0) throw new DavIfError(`unterminated ${what}`);
    const body = this.s.slice(this.pos + 1, end);
    this.pos = end + 1;
    return body;
  }
}

/** A Coded-URL's content: an absolute URI, no white space, no angle brackets. */
function codedUrl(body: string, what: string): string {
  if (!SCHEME.test(body) || /[\s<>]/.test(body))
    throw new DavIfError(`malformed ${what} <${body}>`);
  return body;
}

function parseList(r: Reader): IfCondition[] {
  r.pos += 1; // "("
  const conditions: IfCondition[] = [];
  for (;;) {
    r.skip();
    if (r.done) throw new DavIfError("unterminated list");
    if (r.peek() === ")") {
      r.pos += 1;
      if (conditions.length === 0) throw new DavIfError("empty list");
      return conditions;
    }
    let not = false;
    if (r.s.slice(r.pos, r.pos + 3).toLowerCase() === "not") {
      not = true;
      r.pos += 3;
      r.skip();
    }
    const c = r.peek();
    if (c === "<") {
      conditions.push({
        not,
        kind: "token",
        value: codedUrl(r.enclosed(">", "state token"), "state token"),
      });
    } else if (c === "[") {
      // The tag is read up to its closing quote: "]" may stand inside an entity tag.
      r.pos += 1;
      r.skip();
      const start = r.pos;
      if (r.s.startsWith("W/", r.pos)) r.pos += 2;
      if (r.peek() !== '"') throw new DavIfError("malformed entity tag");
      const close = r.s.indexOf('"', r.pos + 1);
      if (close < 0) throw new DavIfError("unterminated entity tag");
      const etag = r.s.slice(start, close + 1);
      r.pos = close + 1;
      r.skip();
      if (r.peek() !== "]" || !ETAG.test(etag))
        throw new DavIfError(`malformed entity tag [${etag}]`);
      r.pos += 1;
      conditions.push({ not, kind: "etag", value: etag });
    } else {
      throw new DavIfError(`a state token or an entity tag was expected at ${r.pos}`);
    }
  }
}

/** Parses an If header; throws DavIfError (→ 400) when it is malformed. */
export function parseIfHeader(value: string): IfList[] {
  const r = new Reader(value);
  const lists: IfList[] = [];
  let tagged: boolean | undefined;
  let current: { resource: string; tag: string; lists: number } | undefined;
  for (;;) {
    r.skip();
    if (r.done) break;
    const c = r.peek();
    if (c === "<") {
      if (tagged === false) throw new DavIfError("tagged and untagged lists mixed");
      if (current && current.lists === 0)
        throw new DavIfError(`resource tag <${current.tag}> has no list`);
      tagged = true;
      const tag = r.enclosed(">", "resource tag");
      current = { resource: tagPath(tag), tag, lists: 0 };
    } else if (c === "(") {
      if (tagged === undefined) tagged = false;
      const conditions = parseList(r);
      if (current) {
        current.lists += 1;
        lists.push({ resource: current.resource, tag: current.tag, conditions });
      } else {
        lists.push({ conditions });
      }
    } else {
      throw new DavIfError(`unexpected '${c ?? ""}' at ${r.pos}`);
    }
  }
  if (current && current.lists === 0)
    throw new DavIfError(`resource tag <${current.tag}> has no list`);
  if (lists.length === 0) throw new DavIfError("no list");
  return lists;
}

/** Every state token named in the header, negated or not, in any list (see the file's header); each once. */
export function submittedTokens(lists: IfList[]): string[] {
  const out = new Set<string>();
  for (const list of lists)
    for (const c of list.conditions) if (c.kind === "token") out.add(c.value);
  return [...out];
}

/**
 * True when the If header's precondition holds. `stateOf(path)` gives the ETag and lock tokens of
 * a tagged resource (its `resource` path), or of `requestUrlPath` for untagged lists; it is
 * called once per distinct path. No lists (no header) → true.
 */
export async function evaluateIf(
  lists: IfList[],
  requestUrlPath: string,
  stateOf: (path: string) => Promise<{ etag?: string; lockTokens: string[] }>,
): Promise<boolean> {
  if (lists.length === 0) return true;
  const states = new Map<string, Promise<{ etag?: string; lockTokens: string[] }>>();
  const state = (path: string) => {
    let known = states.get(path);
    if (!known) {
      known = stateOf(path);
      states.set(path, known);
    }
    return known;
  };
  for (const list of lists) {
    const { etag, lockTokens } = await state(list.resource ?? requestUrlPath);
    const holds = list.conditions.every((c) => {
      const matches =
        c.kind === "token" ? lockTokens.includes(c.value) : etag !== undefined && etag === c.value;
      return matches !== c.not;
    });
    if (holds) return true;
  }
  return false;
}

/** The token of a `Lock-Token: <urn:uuid:…>` header (UNLOCK); DavIfError when malformed or missing. */
export function parseLockTokenHeader(value: string | undefined): string {
  const m = /^[ \t]*<([^<>]*)>[ \t]*$/.exec(value ?? "");
  if (!m) throw new DavIfError("malformed Lock-Token header");
  return codedUrl(m[1] ?? "", "lock token");
}
