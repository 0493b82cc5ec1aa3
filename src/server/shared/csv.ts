/**
 * CSV as spreadsheets read it (RFC 4180): a header row, CRLF after every record, a field quoted
 * when it holds a comma, a quote, CR or LF, quotes inside doubled. Text people typed (names,
 * messages, reasons) that a spreadsheet would run as a formula (starting with = + - @ or a tab/CR)
 * gets a leading apostrophe: opening an export must never execute what someone wrote. Used by the
 * operators' transaction export and by every file of a person's data export.
 */
const NEEDS_QUOTES = /[",\r\n]/;
const FORMULA_START = /^[=+\-@\t\r]/;

/** One field as written; `text` marks values people typed (guarded against formula injection). */
export function csvField(value: string | number | null | undefined, text = false): string {
  let s = value === null || value === undefined ? '' : String(value);
  if (text && FORMULA_START.test(s)) s = `'${s}`;
  return NEEDS_QUOTES.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** The whole document from a header and lines already made of `csvField`s. */
export function csvDocument(header: readonly string[], lines: readonly string[]): string {
  return [header.join(','), ...lines].map((line) => `${line}\r\n`).join('');
}

/**
 * A document from plain records: `columns` names each column and says whether people typed it.
 * Numbers and dates are written as given (dates as ISO 8601).
 */
export function csvOf<T>(columns: readonly { name: string; text?: boolean; value: (row: T) => string | number | Date | null | undefined }[], rows: readonly T[]): string {
  const cell = (v: string | number | Date | null | undefined) => (v instanceof Date ? v.toISOString() : v);
  return csvDocument(
    columns.map((c) => c.name),
    rows.map((row) => columns.map((c) => csvField(cell(c.value(row)), c.text)).join(',')),
  );
}
