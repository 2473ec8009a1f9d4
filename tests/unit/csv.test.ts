/**
 * The one CSV writer (lib/services/data/rules/csv.ts, issue 55 item 7) that the markers file and the insights export
 * share: every text cell quoted, and no piece of a line — split at ',' as RFC 4180 reads it, or at
 * ';' as Excel does in a German, French, Spanish, Italian or Portuguese locale — starts a formula.
 */
import fc from "fast-check";
import { csvCell, csvRow, neutralisedText, parseCsv as readCsv } from "@/lib/services/data/rules/csv";
import { parseCsv } from "@/tests/helpers/marker-parsers";

const FORMULA = /^[=+\-@\t\r]/;

/**
 * The pieces Excel makes of a line when it splits at ';' (the first piece begins the line). A piece
 * that starts with a quote is read as a quoted field: what follows its closing quote must not start a
 * formula either; here a closing quote is followed by the ',' or the line's end, never by a formula.
 */
function semicolonPieces(line: string): string[] {
  return line.split(";").slice(1);
}
const startsFormula = (piece: string) => FORMULA.test(piece) || /^"(?![,\r]|$)/.test(piece);

describe("a cell", () => {
  it("quotes every text, and leaves numbers, yes / no and nothing bare", () => {
    expect(["plain", "", "a,b", 'say "hi"', "two\nlines"].map(csvCell)).toEqual(['"plain"', '""', '"a,b"', '"say ""hi"""', '"two\nlines"']);
    expect([12.5, 0, true, false, null, undefined].map(csvCell)).toEqual(["12.5", "0", "yes", "no", "", ""]);
  });

  it("puts ' before a formula character at the start", () => {
    expect(["=1+1", "+1", "-1", "@SUM(A1)", "\tx", "\rx"].map(csvCell)).toEqual(['"\'=1+1"', '"\'+1"', '"\'-1"', '"\'@SUM(A1)"', '"\'\tx"', '"\'\rx"']);
  });

  it("puts ' after every ';' that a formula character (or a quote) follows", () => {
    expect(neutralisedText('note;=HYPERLINK("http://evil.example","click")')).toBe('note;\'=HYPERLINK("http://evil.example","click")');
    expect(neutralisedText("=a;+b;-c;@d;\te;\rf;g;;=h")).toBe("'=a;'+b;'-c;'@d;'\te;'\rf;g;;'=h");
    expect(neutralisedText('x;"=cmd')).toBe("x;'\"=cmd");
    expect(neutralisedText("a; =b;c=d")).toBe("a; =b;c=d");
    expect(csvCell("note;=HYPERLINK(x)")).toBe(`"note;'=HYPERLINK(x)"`);
  });

  it("splits into no formula at ',' or ';' (random texts)", () => {
    const piece = fc.oneof(fc.constantFrom(";", ",", '"', "'", "=", "+", "-", "@", "\t", "\r", "\n", "\r\n", " ", "HYPERLINK(x)", "1"), fc.string({ maxLength: 4 }));
    const text = fc.array(piece, { maxLength: 20 }).map((parts) => parts.join(""));
    fc.assert(
      fc.property(fc.array(fc.oneof(text, fc.nat({ max: 1000 }), fc.boolean()), { minLength: 1, maxLength: 5 }), (cells) => {
        const line = csvRow(cells);
        const [read] = parseCsv(line).rows;
        expect(read).toEqual(cells.map((c) => (typeof c === "string" ? neutralisedText(c) : csvCell(c))));
        expect(read.filter((c, i) => typeof cells[i] === "string" && FORMULA.test(c))).toEqual([]);
        expect(semicolonPieces(line).filter(startsFormula)).toEqual([]);
      }),
      { numRuns: 1000 },
    );
  });
});

describe("the reader (a CSV import, issue 60)", () => {
  it("reads back every record csvRow writes, texts as written after neutralisedText", () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.string({ unit: "grapheme" }), { minLength: 2, maxLength: 5 }), { minLength: 1, maxLength: 5 }), (rows) => {
        expect(readCsv(rows.map(csvRow).join(""))).toEqual(rows.map((r) => r.map(neutralisedText)));
      }),
    );
  });

  it("reads a spreadsheet's file: a byte-order mark, LF or CRLF, bare and quoted cells, blank lines; an open quote is null", () => {
    expect(readCsv('\ufeffname,email\r\n\r\nAna,"a@x.test"\nBen,"b,""c"""\n')).toEqual([
      ["name", "email"],
      ["Ana", "a@x.test"],
      ["Ben", 'b,"c"'],
    ]);
    expect(readCsv("a,b\r\n1,")).toEqual([
      ["a", "b"],
      ["1", ""],
    ]);
    expect(readCsv('a\n"open')).toBeNull();
    expect(readCsv("")).toEqual([]);
  });
});
