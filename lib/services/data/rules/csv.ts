// The one way this app writes CSV (the markers file, the insights export): RFC 4180 records in which
// no text a client typed becomes a formula, whichever separator the spreadsheet splits on. Excel in
// a German, French, Spanish, Italian or Portuguese locale splits a CSV line at ';', not ',', and
// takes a quote only where a piece of the line starts: "note;=HYPERLINK(…)" would be two cells
// there, the second a live formula. So every text cell is quoted (a ';' in it is then followed by
// more of the cell, or by the closing quote and a ','), and a ' goes before a formula character
// (= + - @, tab, carriage return) at the start of the cell and after every ';' in it, and before a
// quote after a ';' (a piece starting with a quote is read as quoted: `;"=…` would open a formula).
// OWASP's CSV injection advice, applied to every piece: no piece of a line, split at ',' or at ';',
// starts a formula. tests/unit/csv.test.ts splits random lines both ways.

export type CsvValue = string | number | boolean | null | undefined;

/** The characters that make Excel, Sheets and Calc read a cell as a formula: where a cell starts, and after a ';' (with a quote). */
const FORMULA_START = /^(?=[=+\-@\t\r])|;(?=[=+\-@\t\r"])/g;

/** A text with ' before a formula character at its start and after every ';' (and before a quote after a ';'). */
export const neutralisedText = (s: string): string => s.replace(FORMULA_START, "$&'");

/**
 * One cell: a text quoted (its quotes doubled) after `neutralisedText`; a number as written, a
 * boolean as yes / no, nothing as an empty cell (none of them holds a client's text).
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "number") return String(value);
  return `"${neutralisedText(value).replace(/"/g, '""')}"`;
}

/** One record, ended by CRLF. */
export const csvRow = (cells: readonly CsvValue[]): string => `${cells.map(csvCell).join(",")}\r\n`;

/**
 * Reads RFC 4180 text into records of cells (the customers' import): a leading byte-order mark
 * dropped, records ended by CRLF or LF, cells split at ',', a quoted cell holding commas, line breaks
 * and doubled quotes. Blank lines are skipped. null: a quote is left open. No CSV library is
 * installed, and a reader this small is simpler than adding one; tests/unit/csv.test.ts reads back
 * what csvRow writes.
 */
export function parseCsv(text: string): string[][] | null {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = "";
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const endRecord = () => {
    record.push(cell);
    if (record.length > 1 || record[0] !== "") records.push(record);
    record = [];
    cell = "";
  };
  for (; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c !== '"') cell += c;
      else if (text[i + 1] === '"') {
        cell += '"';
        i++;
      } else quoted = false;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      record.push(cell);
      cell = "";
    } else if (c === "\n") endRecord();
    else if (c === "\r") {
      if (text[i + 1] === "\n") i++;
      endRecord();
    } else cell += c;
  }
  if (quoted) return null;
  if (cell !== "" || record.length) endRecord();
  return records;
}
