// The HTML side of the stand-in m2hv: the text, its apparatus and the witness views.

import { annotationWords, walk, walkQuiet } from "./walk.mjs";
import { baseReading, readingOf } from "./parse.mjs";

const ESCAPES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };

export function escapeHtml(value) {
  return value.replace(/[&<>"]/g, (c) => ESCAPES[c]);
}

/** A whole page: UTF-8, a title, the body. */
export function page(title, bodyHtml) {
  return [
    "<!DOCTYPE html>",
    '<html lang="la">',
    "<head>",
    '<meta charset="utf-8">',
    `<title>${escapeHtml(title)}</title>`,
    "</head>",
    "<body>",
    bodyHtml,
    "</body>",
    "</html>",
    "",
  ].join("\n");
}

const SINGLE_CHARS = {
  "%": "%",
  "&": "&amp;",
  "#": "#",
  _: "_",
  "{": "{",
  "}": "}",
  $: "$",
  " ": " ",
};

function text(value, ctx) {
  let out = escapeHtml(value)
    .replace(/~/g, "&nbsp;")
    .replace(/---/g, "—")
    .replace(/--/g, "–")
    .replace(/``/g, "“")
    .replace(/''/g, "”");
  if (ctx.table > 0) out = out.replace(/&amp;/g, "</td><td>");
  return out.replace(/\n[ \t]*\n\s*/g, ctx.depth === 0 ? "</p>\n<p>" : " ");
}

/** A backend for walk.mjs. `pageOfVariants` is where the variant links point. */
function backend(pageOfVariants) {
  const b = {
    text,
    mathText: (value) => escapeHtml(value),
    mathShift: (ctx) => (ctx.math ? "<i>" : "</i>"),
    mathMacro: () => "",
    group: (inner) => inner,
    macro(name) {
      if (name in SINGLE_CHARS) return SINGLE_CHARS[name];
      if (name === "ldots" || name === "dots") return "…";
      return "";
    },
    par: (ctx) => (ctx.depth === 0 ? "</p>\n<p>" : " "),
    newline: (ctx) => (ctx.table > 0 ? "</td></tr>\n<tr><td>" : "<br>"),
    heading: (level, inner, ctx) =>
      ctx.depth > 0 ? `<b>${inner}</b>` : `</p>\n<h${level + 1}>${inner}</h${level + 1}>\n<p>`,
    script: (kind, inner) => `<${kind}>${inner}</${kind}>`,
    folium: (value) => `<span class="folium">[${escapeHtml(value)}]</span> `,
    figure: (label, inner) =>
      `<span class="figura">[figura${label ? ` ${escapeHtml(label)}` : ""}${inner ? ` ${inner}` : ""}]</span>`,
    citation(citText, ref, ctx) {
      ctx.citations?.push({ text: citText, ref });
    },
    env(kind, name, ctx) {
      if (name === "tabula" || name === "tabular") {
        ctx.table += kind === "begin" ? 1 : -1;
        return kind === "begin" ? "</p>\n<table>\n<tr><td>" : "</td></tr>\n</table>\n<p>";
      }
      if (name === "center")
        return kind === "begin" ? '</p>\n<div class="center">\n<p>' : "</p>\n</div>\n<p>";
      return "";
    },
    variant(variant, n, ctx) {
      const chosen = readingOf(variant, ctx.witness ?? "*");
      const lemma = chosen ? walk(chosen.text, b, { ...ctx, depth: ctx.depth + 1 }).trim() : "";
      if (!ctx.apparatus || n === 0) return lemma;
      return `<span class="vv" id="t${n}">${lemma}</span><sup><a href="${pageOfVariants}#v${n}">${n}</a></sup>`;
    },
  };
  return b;
}

function newContext(analysis, witness, apparatus) {
  const variants = new Map(analysis.variants.map((v, i) => [v.group, { variant: v, n: i + 1 }]));
  return { depth: 0, math: false, table: 0, witness, apparatus, variants, citations: [] };
}

/** The text page: base text (or the witness's, `-t W`) with links into the apparatus. */
export function textPage(analysis, name, witness, pageOfVariants) {
  const ctx = newContext(analysis, witness, true);
  let html = walk(analysis.body, backend(pageOfVariants), ctx);
  if (ctx.math) html += "</i>";
  const cleaned = `<p>${html}</p>`.replace(/<p>\s*<\/p>\n?/g, "");
  const title = witness ? `${name} – testimone ${witness}` : `${name} – testo critico`;
  return {
    html: page(title, `<h1>${escapeHtml(title)}</h1>\n${cleaned}`),
    citations: ctx.citations,
  };
}

/** A reading as `A, B: <i>in marg.</i> text`. */
function readingHtml(reading, b, ctx) {
  const notes = annotationWords(reading.notes, b, ctx);
  const shown = walkQuiet(reading.text, b, ctx).trim() || "<i>om.</i>";
  return `${escapeHtml(reading.sigla.join(", "))}: ${notes ? `<i>${notes}</i> ` : ""}${shown}`;
}

/** One apparatus line: `12: lemma ] A: x; B: y`. */
function entry(analysis, variant, readings, witness) {
  const b = backend("");
  const ctx = newContext(analysis, witness, false);
  const n = analysis.variants.indexOf(variant) + 1;
  const lemma = walkQuiet(readingOf(variant, witness ?? "*")?.text ?? [], b, ctx).trim();
  const list = readings.map((r) => readingHtml(r, b, ctx)).join("; ");
  return `<li id="v${n}">${variant.line}: ${lemma || "<i>om.</i>"} ] ${list}</li>`;
}

function listPage(title, items) {
  const list = items.length ? `<ol>\n${items.join("\n")}\n</ol>` : "<p>nessuna voce</p>";
  return page(title, `<h1>${escapeHtml(title)}</h1>\n${list}`);
}

/** The apparatus: every variant with all its readings. */
export function variantsPage(analysis, name, witness) {
  const items = analysis.variants.map((v) => entry(analysis, v, v.readings, witness));
  return listPage(`${name} – apparato`, items);
}

/** `-s W`: the readings that W alone has. */
export function singularPage(analysis, name, siglum) {
  const items = [];
  for (const v of analysis.variants) {
    const own = v.readings.filter((r) => r.sigla.length === 1 && r.sigla[0] === siglum);
    if (own.length) items.push(entry(analysis, v, own));
  }
  return listPage(`${name} – lezioni singolari di ${siglum}`, items);
}

/** `-o W`: the places where W's reading is empty. */
export function omissionsPage(analysis, name, siglum) {
  const items = [];
  for (const v of analysis.variants) {
    const own = v.readings.filter((r) => r.sigla.includes(siglum));
    const empty = own.filter((r) => r.text.every((n) => n.t === "text" && n.v.trim() === ""));
    if (empty.length) items.push(entry(analysis, v, empty));
  }
  return listPage(`${name} – omissioni di ${siglum}`, items);
}

/** `-e W`: the places where W reads otherwise than the base text. */
export function discordancesPage(analysis, name, siglum) {
  const items = [];
  for (const v of analysis.variants) {
    const own = v.readings.find((r) => r.sigla.includes(siglum));
    if (own && own !== baseReading(v)) items.push(entry(analysis, v, [own]));
  }
  return listPage(`${name} – discordanze di ${siglum} dal testo base`, items);
}

/** `-c G1 G2`: the places where no witness of the first group reads as one of the second. */
export function groupsPage(analysis, name, first, second) {
  const items = [];
  for (const v of analysis.variants) {
    const r1 = new Set(first.map((s) => readingOf(v, s)));
    const r2 = new Set(second.map((s) => readingOf(v, s)));
    if ([...r1].every((r) => !r2.has(r))) items.push(entry(analysis, v, [...r1, ...r2]));
  }
  return listPage(`${name} – discordanze ${first.join(",")} / ${second.join(",")}`, items);
}

/** The citations met in the text (`\Cit`, `\Citlonga`). */
export function citationsPage(name, citations) {
  const items = citations.map((c) => `<li>${c.text || "…"} (${escapeHtml(c.ref)})</li>`);
  return listPage(`${name} – citazioni`, items);
}

/** The frame page: the text and the apparatus side by side. */
export function framePage(name, pages) {
  const body = [
    `<iframe name="testo" src="${pages.text}" style="width:64%;height:95vh"></iframe>`,
    `<iframe name="apparato" src="${pages.variants}" style="width:34%;height:95vh"></iframe>`,
  ].join("\n");
  return page(name, body);
}

/** `-z`: the comments of the source with their line (without `-z`, an empty list). */
export function commentsPage(name, source, listed) {
  const items = [];
  source.split(/\r?\n/).forEach((line, i) => {
    const at = line.indexOf("%");
    if (listed && at >= 0 && !line.includes("%STANDIN:")) {
      items.push(`<li>${i + 1}: ${escapeHtml(line.slice(at + 1).trim())}</li>`);
    }
  });
  return listPage(`${name} – commenti`, items);
}

/** The index of the pages written. */
export function indexPage(name, files) {
  const items = files.map((f) => `<li><a href="${escapeHtml(f)}">${escapeHtml(f)}</a></li>`);
  return listPage(`${name} – indice`, items);
}
