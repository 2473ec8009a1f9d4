// A CSV file of customers read into rows to create and rows refused (POST /api/customers/import).
// Pure: the file's header decides the columns (any order, any case; an unknown one refuses the
// whole file), each row goes through the one customer schema (lib/validation/customers.ts) the form
// and the door use, and a second row with an e-mail already on an earlier row is refused. Rows are
// numbered as a spreadsheet shows them: the header is row 1.
import { TEXTS } from "@/lib/texts";
import { parseCsv } from "@/lib/services/data/rules/csv";
import { CUSTOMER_IMPORT_MAX_ROWS, createCustomerSchema, type CreateCustomerInput } from "@/lib/validation/customers";

const T = TEXTS.customers;
const CUSTOMER_CSV_COLUMNS = ["name", "email", "phone", "language", "notes"] as const;
type Column = (typeof CUSTOMER_CSV_COLUMNS)[number];

type CsvRow = { row: number; customer: CreateCustomerInput };
export type RefusedRow = { row: number; reason: string };
type CustomerCsv = { ok: true; rows: CsvRow[]; refused: RefusedRow[] } | { ok: false; message: string };

export function readCustomerCsv(text: string): CustomerCsv {
  const records = parseCsv(text);
  if (!records) return { ok: false, message: T.csvBroken };
  const [header, ...body] = records;
  if (!header) return { ok: false, message: T.csvEmpty };
  const names = header.map((h) => h.trim().toLowerCase());
  const unknown = names.filter((n) => !(CUSTOMER_CSV_COLUMNS as readonly string[]).includes(n));
  if (unknown.length) return { ok: false, message: T.csvColumnUnknown(unknown.map((n) => `“${n}”`).join(", ")) };
  const twice = names.find((n, i) => names.indexOf(n) !== i);
  if (twice) return { ok: false, message: T.csvColumnTwice(twice) };
  if (!names.includes("name") || !names.includes("email")) return { ok: false, message: T.csvColumnsMissing };
  if (body.length > CUSTOMER_IMPORT_MAX_ROWS) return { ok: false, message: T.csvTooManyRows(CUSTOMER_IMPORT_MAX_ROWS) };

  const rows: CsvRow[] = [];
  const refused: RefusedRow[] = [];
  const seen = new Set<string>();
  body.forEach((cells, i) => {
    const row = i + 2;
    const fields: Partial<Record<Column, string>> = {};
    names.forEach((n, c) => {
      const value = cells[c]?.trim() ?? "";
      // An empty optional cell is no value: the customer's default (a language) or none.
      if (value !== "" || n === "name" || n === "email") fields[n as Column] = value;
    });
    const parsed = createCustomerSchema.safeParse({ ...fields, ...(fields.language ? { language: fields.language.toLowerCase() } : {}) });
    if (!parsed.success) return refused.push({ row, reason: parsed.error.issues[0]!.message });
    if (seen.has(parsed.data.email)) return refused.push({ row, reason: T.emailInFile });
    seen.add(parsed.data.email);
    rows.push({ row, customer: parsed.data });
  });
  return { ok: true, rows, refused };
}
