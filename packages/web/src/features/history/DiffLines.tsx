import type { DiffLine, DiffSegment } from "@scriptorium/shared";
import { Fragment, type ReactNode } from "react";
import { useTranslation } from "react-i18next";

export type DiffLayout = "inline" | "split";

interface DiffLinesProps {
  lines: readonly DiffLine[];
  layout: DiffLayout;
  /** A `skip` row was pressed: show the unchanged lines it stands for. */
  onExpand: (count: number) => void;
}

/**
 * A line's text with its changed words marked: `<del>` (struck through) on the old side,
 * `<ins>` (underlined) on the new one, so a change reads without its colour.
 */
function Segments({ segments, side }: { segments: readonly DiffSegment[]; side: "old" | "new" }) {
  if (segments.length === 0) return <span className="diff__empty">{"\u200b"}</span>;
  return (
    <>
      {segments.map((segment, index) => {
        if (!segment.changed) return <Fragment key={index}>{segment.text}</Fragment>;
        const Mark = side === "old" ? "del" : "ins";
        return (
          <Mark key={index} className={`diff__word diff__word--${side}`} data-testid="diff-word">
            {segment.text}
          </Mark>
        );
      })}
    </>
  );
}

function Num({ value }: { value: number | null }) {
  return <td className="diff__num">{value ?? ""}</td>;
}

/** The sign column: −, + or blank, with what it means for screen readers. */
function Sign({ kind }: { kind: "removed" | "added" | "same" }) {
  const { t } = useTranslation();
  if (kind === "same") return <td className="diff__sign" />;
  return (
    <td className="diff__sign">
      <span aria-hidden="true">{kind === "removed" ? "−" : "+"}</span>
      <span className="visually-hidden">
        {t(kind === "removed" ? "history.removedLine" : "history.addedLine")}
      </span>
    </td>
  );
}

function SkipRow({
  line,
  span,
  onExpand,
}: {
  line: DiffLine;
  span: number;
  onExpand: (count: number) => void;
}) {
  const { t } = useTranslation();
  const count = line.count ?? 0;
  return (
    <tr className="diff__row diff__row--skip" data-testid="diff-skip">
      <td colSpan={span}>
        <button type="button" className="diff__expand" onClick={() => onExpand(count)}>
          {t("history.unchangedLines", { count })}
        </button>
      </td>
    </tr>
  );
}

/** One text cell; `kind` colours it (and the sign column says it in words). */
function TextCell({ kind, children }: { kind: string; children: ReactNode }) {
  return <td className={`diff__text diff__text--${kind}`}>{children}</td>;
}

function InlineRows({ line }: { line: DiffLine }) {
  switch (line.kind) {
    case "same":
      return (
        <tr className="diff__row" data-testid="diff-line" data-kind="same">
          <Num value={line.oldLine} />
          <Num value={line.newLine} />
          <Sign kind="same" />
          <TextCell kind="same">
            <Segments segments={line.new} side="new" />
          </TextCell>
        </tr>
      );
    case "removed":
    case "added": {
      const side = line.kind === "removed" ? "old" : "new";
      return (
        <tr className="diff__row" data-testid="diff-line" data-kind={line.kind}>
          <Num value={line.oldLine} />
          <Num value={line.newLine} />
          <Sign kind={line.kind} />
          <TextCell kind={line.kind}>
            <Segments segments={line[side]} side={side} />
          </TextCell>
        </tr>
      );
    }
    default:
      return (
        <>
          <tr className="diff__row" data-testid="diff-line" data-kind="changed-old">
            <Num value={line.oldLine} />
            <Num value={null} />
            <Sign kind="removed" />
            <TextCell kind="removed">
              <Segments segments={line.old} side="old" />
            </TextCell>
          </tr>
          <tr className="diff__row" data-testid="diff-line" data-kind="changed-new">
            <Num value={null} />
            <Num value={line.newLine} />
            <Sign kind="added" />
            <TextCell kind="added">
              <Segments segments={line.new} side="new" />
            </TextCell>
          </tr>
        </>
      );
  }
}

/** A row of the side-by-side layout: an old line (or none) beside a new line (or none). */
interface SplitRow {
  old: DiffLine | null;
  new: DiffLine | null;
}

/** Pairs a run of removed lines with the run of added lines after it, row by row. */
function splitRows(lines: readonly DiffLine[]): (SplitRow | DiffLine)[] {
  const rows: (SplitRow | DiffLine)[] = [];
  let k = 0;
  while (k < lines.length) {
    const line = lines[k] as DiffLine;
    if (line.kind === "removed" || line.kind === "added") {
      const removed: DiffLine[] = [];
      const added: DiffLine[] = [];
      while (k < lines.length && (lines[k]?.kind === "removed" || lines[k]?.kind === "added")) {
        const next = lines[k] as DiffLine;
        (next.kind === "removed" ? removed : added).push(next);
        k++;
      }
      for (let r = 0; r < Math.max(removed.length, added.length); r++) {
        rows.push({ old: removed[r] ?? null, new: added[r] ?? null });
      }
      continue;
    }
    rows.push(line);
    k++;
  }
  return rows;
}

function SplitHalf({ line, side }: { line: DiffLine | null; side: "old" | "new" }) {
  if (!line) {
    return (
      <>
        <td className="diff__num" />
        <td className="diff__text diff__text--none" />
      </>
    );
  }
  const kind = line.kind === "same" ? "same" : side === "old" ? "removed" : "added";
  return (
    <>
      <Num value={side === "old" ? line.oldLine : line.newLine} />
      <TextCell kind={kind}>
        {kind !== "same" && <SignText kind={kind} />}
        <Segments segments={line[side]} side={side} />
      </TextCell>
    </>
  );
}

/** The −/+ of the side-by-side layout, inside the text cell. */
function SignText({ kind }: { kind: "removed" | "added" }) {
  const { t } = useTranslation();
  return (
    <>
      <span className="diff__mark" aria-hidden="true">
        {kind === "removed" ? "−" : "+"}
      </span>
      <span className="visually-hidden">
        {t(kind === "removed" ? "history.removedLine" : "history.addedLine")}
      </span>
    </>
  );
}

/** The lines of a diff as a table, inline (old and new lines one under the other) or side by side. */
export function DiffLines({ lines, layout, onExpand }: DiffLinesProps) {
  const { t } = useTranslation();
  if (layout === "inline") {
    return (
      <table className="diff diff--inline" data-testid="diff-table" data-layout="inline">
        <colgroup>
          <col className="diff__col-num" />
          <col className="diff__col-num" />
          <col className="diff__col-sign" />
          <col />
        </colgroup>
        <thead className="visually-hidden">
          <tr>
            <th scope="col">{t("history.oldLineNumber")}</th>
            <th scope="col">{t("history.newLineNumber")}</th>
            <th scope="col">{t("history.change")}</th>
            <th scope="col">{t("history.text")}</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line, index) =>
            line.kind === "skip" ? (
              <SkipRow key={index} line={line} span={4} onExpand={onExpand} />
            ) : (
              <InlineRows key={index} line={line} />
            ),
          )}
        </tbody>
      </table>
    );
  }
  return (
    <table className="diff diff--split" data-testid="diff-table" data-layout="split">
      <colgroup>
        <col className="diff__col-num" />
        <col />
        <col className="diff__col-num" />
        <col />
      </colgroup>
      <thead className="visually-hidden">
        <tr>
          <th scope="col">{t("history.oldLineNumber")}</th>
          <th scope="col">{t("history.oldText")}</th>
          <th scope="col">{t("history.newLineNumber")}</th>
          <th scope="col">{t("history.newText")}</th>
        </tr>
      </thead>
      <tbody>
        {splitRows(lines).map((row, index) => {
          if ("kind" in row && row.kind === "skip") {
            return <SkipRow key={index} line={row} span={4} onExpand={onExpand} />;
          }
          const pair: SplitRow = "kind" in row ? { old: row, new: row } : row;
          const kind = "kind" in row ? row.kind : "pair";
          return (
            <tr key={index} className="diff__row" data-testid="diff-line" data-kind={kind}>
              <SplitHalf line={pair.old} side="old" />
              <SplitHalf line={pair.new} side="new" />
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
