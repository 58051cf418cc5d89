import { escapeXml, statusLine } from "./xml/write-xml.js";

const XML_HEAD = '<?xml version="1.0" encoding="utf-8"?>\n';

/**
 * A property element: DAV: ones with the root's `D:` prefix, others declaring their own
 * namespace on themselves (always well-formed, whatever the namespaces), an empty one when
 * `inner` is undefined.
 */
export function propElement(ns: string, name: string, inner?: string): string {
  const open =
    ns === "DAV:"
      ? `D:${name}`
      : ns === ""
        ? `${name} xmlns=""`
        : `R:${name} xmlns:R="${escapeXml(ns)}"`;
  const close = ns === "DAV:" ? `D:${name}` : ns === "" ? name : `R:${name}`;
  return inner === undefined || inner === "" ? `<${open}/>` : `<${open}>${inner}</${close}>`;
}

/** One `D:propstat`: the properties (already XML) sharing a status. */
export function propstat(props: string[], status: number): string {
  return `<D:propstat><D:prop>${props.join("")}</D:prop><D:status>${statusLine(status)}</D:status></D:propstat>`;
}

/** One `D:response` with its propstats, or with a plain status (a failed member of COPY…). */
export function response(href: string, body: { propstats: string[] } | { status: number }): string {
  const inner =
    "status" in body ? `<D:status>${statusLine(body.status)}</D:status>` : body.propstats.join("");
  return `<D:response><D:href>${escapeXml(href)}</D:href>${inner}</D:response>`;
}

/** The whole 207 body. */
export function multistatus(responses: string[]): string {
  return `${XML_HEAD}<D:multistatus xmlns:D="DAV:">${responses.join("")}</D:multistatus>`;
}
