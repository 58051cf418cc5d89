// Parts of the stand-in's grammar check (grammar.mjs) that are not running text: environments
// and tables, the prologue, the document's frame. Each takes the reader `r` of grammar.mjs.

const ENVIRONMENTS =
  "quote itemize enumerate description Enunciatio Protasis tabular titmarg textgreek flushright minipage".split(
    " ",
  );

export function envEnd(r, name, nameLine) {
  const endOpen = r.tok();
  const end = r.word();
  if (end !== name) {
    r.error(nameLine, `ambiente ${name}`);
    r.warnings.push({ line: endOpen.line, message: `chiuso con ${end}` });
  }
}

/** `\begin{…}`: center, tabula, ltabula, or another environment. */
export function environment(r) {
  const begin = r.tokens[r.pos++];
  const a = r.take("{");
  const what = r.tok();
  if (what.t === "CENTER" || what.t === "TABLE" || what.t === "LONGTABLE") {
    r.within("dopo questo punto", a.line, () => {
      r.pos++;
      const close = r.take("}");
      const name = { CENTER: "center", TABLE: "tabula", LONGTABLE: "ltabula" }[what.t];
      const body = () => {
        if (what.t === "CENTER") r.running(true);
        else {
          r.word();
          table(r, what.t === "TABLE");
        }
        r.take("END");
        if (what.t === "LONGTABLE") {
          r.take("{");
          r.take("LONGTABLE");
          r.take("}");
        } else if (r.is("{") && r.tokens[r.pos + 1].t === what.t) {
          r.within("dopo questo punto", r.tokens[r.pos].line, () => {
            r.pos += 2;
            r.take("}");
          });
        } else envEnd(r, name, what.line);
      };
      if (what.t === "TABLE") r.within("dopo questo punto", close.line, body);
      else body();
    });
    return;
  }
  let name = "";
  r.within("dopo questo punto", a.line, () => {
    if (r.is("W")) name = r.tokens[r.pos++].v;
    r.take("}");
  });
  r.wordOpt();
  r.running(false);
  r.take("END");
  envEnd(r, name, a.line);
  if (!ENVIRONMENTS.includes(name))
    r.warnings.push({ line: begin.line, message: `ambiente <${name}> sconosciuto` });
}

export function table(r, withEnds) {
  r.blanks();
  if (withEnds && r.is("BEGINTAB")) {
    r.pos++;
    r.text();
    r.blanks();
  }
  for (;;) {
    if (r.is("HLINE")) {
      r.pos++;
      r.blanks();
    } else {
      for (;;) {
        if (r.is("MULTI")) {
          r.pos++;
          const line = r.tok().line;
          const n = r.word();
          if (!/^\d*$/.test(n))
            r.error(line, `letto <${n.slice(0, 60)}> mentre era atteso un numero`);
          r.blanks();
        }
        if (r.is("CELLMARK")) {
          r.pos++;
          r.blanks();
        } else if (!r.blank()) {
          const after = r.element();
          if (after) r.running(after === "text");
        }
        if (!r.is("&")) break;
        r.pos++;
        r.blanks();
      }
    }
    if (!r.is("SEPROW")) break;
    r.pos++;
    r.blanks();
  }
  if (withEnds && r.is("ENDTAB")) {
    r.pos++;
    r.text();
    r.blanks();
  }
}

export function prologue(r) {
  for (;;) {
    const t = r.tok();
    if (t.t === "ELENCO") {
      r.pos++;
      r.take("{");
      for (;;) {
        const w = r.take("W");
        if (w.v !== "*") {
          if (r.declared.has(w.v))
            r.warnings.push({ line: w.line, message: `${w.v} duplicato in elenco testimoni` });
          r.declared.add(w.v);
        }
        if (!r.is("/")) break;
        r.pos++;
      }
      r.take("}");
    } else if (t.t === "TESTIMONI" || t.t === "GEOMETRY" || t.t === "USEPACKAGE") {
      r.pos++;
      if (t.t === "USEPACKAGE") classOptions(r);
      r.take("{");
      if (t.t === "TESTIMONI") r.sigla();
      else r.options();
      r.take("}");
    } else if (t.t === "EXTERNALDOC") {
      r.pos++;
      r.wordOpt();
      r.text();
    } else if (t.t === "SETLENGTH" || t.t === "FOLIUMOPT") r.pos++;
    else if (t.t === "PWORD") {
      r.pos++;
      r.word();
    } else if (t.t === "MANUS") {
      r.pos++;
      r.word();
      r.text();
      r.text();
      if (r.is("{")) r.word();
    } else return;
    r.blanks();
  }
}

export function classOptions(r) {
  if (!r.is("[")) return;
  const a = r.tokens[r.pos++];
  r.within("nelle opzioni", a.line, () => {
    r.options();
    r.take("]");
  });
}

export function documentWithClass(r) {
  r.pos++;
  classOptions(r);
  r.word();
  r.blanks();
  prologue(r);
  r.take("BEGIN");
  r.take("{");
  const doc = r.take("DOCENV");
  const close = r.take("}");
  r.within(
    "un documento deve iniziare con \\htmlcut",
    (r.blank() ? r.tok() : close).line,
    () => {
      r.blanks();
      r.take("HTMLCUT");
      if (r.is("[")) r.square();
      r.running(false);
      r.take("END");
      if (r.is("{") && r.tokens[r.pos + 1].t === "DOCENV") {
        r.within("dopo questo punto", r.tokens[r.pos].line, () => {
          r.pos += 2;
          r.take("}");
        });
        r.blanks();
      } else envEnd(r, "document", doc.line);
    },
    true,
  );
  r.take("EOF");
}
