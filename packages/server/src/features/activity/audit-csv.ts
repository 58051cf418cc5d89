import type { AuditEntry } from "@scriptorium/shared";

const COLUMNS = ["time", "user", "action", "path", "to", "detail", "requestId", "address"] as const;

/**
 * One CSV field (RFC 4180): quoted when it holds a quote, comma or line break, quotes doubled.
 * A field a spreadsheet would read as a formula (=, +, -, @, tab, CR first) gets a leading
 * apostrophe, so a file named "=HYPERLINK(…)" stays text in the admin's spreadsheet.
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The CSV export of the audit: a header row, then one row per entry, CRLF line ends. */
export async function* auditCsv(entries: AsyncIterable<AuditEntry>): AsyncGenerator<string> {
  yield `${COLUMNS.join(",")}\r\n`;
  let batch = "";
  let rows = 0;
  for await (const entry of entries) {
    batch += `${COLUMNS.map((column) => csvField(entry[column] ?? "")).join(",")}\r\n`;
    if (++rows % 500 === 0) {
      yield batch;
      batch = "";
    }
  }
  if (batch !== "") yield batch;
}
