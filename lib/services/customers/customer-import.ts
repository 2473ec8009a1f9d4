// POST /api/customers/import: a CSV file's customers created together, each refused row with its
// reason (rules/customer-csv.ts reads the file; here the e-mails the studio already has are refused).
import "@/lib/server-only";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { TEXTS } from "@/lib/texts";
import { readCustomerCsv, type RefusedRow } from "@/lib/services/customers/rules/customer-csv";
import type { Actor } from "@/lib/services/access/rules/actor";
import type { CustomerImportDto } from "@/lib/contract/customers";

export async function importCustomers(actor: Actor, csv: string): Promise<CustomerImportDto> {
  const file = readCustomerCsv(csv);
  if (!file.ok) throw new AppError("VALIDATION", file.message);
  return db.$transaction(async (tx) => {
    const emails = file.rows.map((r) => r.customer.email);
    const existing = new Set((await tx.customer.findMany({ where: { adminId: actor.id, email: { in: emails } }, select: { email: true } })).map((c) => c.email));
    const refused: RefusedRow[] = [...file.refused, ...file.rows.filter((r) => existing.has(r.customer.email)).map((r) => ({ row: r.row, reason: TEXTS.customers.emailTaken }))];
    const fresh = file.rows.filter((r) => !existing.has(r.customer.email));
    // skipDuplicates: one added meanwhile by another request is not created twice (the unique index decides).
    const { count } = await tx.customer.createMany({ data: fresh.map((r) => ({ adminId: actor.id, ...r.customer })), skipDuplicates: true });
    return { created: count, refused: refused.sort((a, b) => a.row - b.row) };
  });
}
