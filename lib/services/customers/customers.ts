// A studio's customers: add, list and search, read with their galleries, change, delete. Every
// query is scoped by the acting studio in the query itself: another studio's customer is a 404.
import "@/lib/server-only";
import { db } from "@/lib/db";
import { AppError, isUniqueViolation, notFound } from "@/lib/errors";
import { TEXTS } from "@/lib/texts";
import { galleryCards } from "@/lib/services/galleries";
import { customerCursor, type CreateCustomerInput, type CustomerListQuery, type UpdateCustomerInput } from "@/lib/validation/customers";
import type { Actor } from "@/lib/services/access/rules/actor";
import type { CustomerDetailsDto, CustomerDto, CustomerListDto, CustomerListItemDto } from "@/lib/contract/customers";
import type { Customer } from "@/generated/prisma/client";
import type { ViewerLanguage } from "@/lib/viewer-i18n/types";

const customerView = (c: Customer): CustomerDto => ({
  id: c.id,
  name: c.name,
  email: c.email,
  phone: c.phone,
  language: c.language as ViewerLanguage,
  notes: c.notes,
  createdAt: c.createdAt.toISOString(),
  updatedAt: c.updatedAt.toISOString(),
});

const withCount = { _count: { select: { galleries: true } } } as const;
const listItem = (c: Customer & { _count: { galleries: number } }): CustomerListItemDto => ({ ...customerView(c), galleries: c._count.galleries });

/** An e-mail the studio already has for a customer is a 409 with plain words, not the generic "taken". */
const emailTaken = (e: unknown) => (isUniqueViolation(e) ? new AppError("CONFLICT", TEXTS.customers.emailTaken) : e);

/** GET /api/customers: newest first (then by id), paged by that key; `q` matches the name or e-mail, whatever the case. */
export async function listCustomers(actor: Actor, q: CustomerListQuery): Promise<CustomerListDto> {
  const rows = await db.customer.findMany({
    where: {
      adminId: actor.id,
      AND: [
        q.q ? { OR: [{ name: { contains: q.q, mode: "insensitive" as const } }, { email: { contains: q.q, mode: "insensitive" as const } }] } : {},
        q.cursor ? { OR: [{ createdAt: { lt: q.cursor.createdAt } }, { createdAt: q.cursor.createdAt, id: { lt: q.cursor.id } }] } : {},
      ],
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: q.limit + 1,
    include: withCount,
  });
  const page = rows.slice(0, q.limit);
  return { customers: page.map(listItem), next: rows.length > q.limit ? customerCursor(page.at(-1)!) : null };
}

export async function createCustomer(actor: Actor, input: CreateCustomerInput): Promise<CustomerDto> {
  const row = await db.customer.create({ data: { adminId: actor.id, ...input } }).catch((e: unknown) => {
    throw emailTaken(e);
  });
  return customerView(row);
}

/** GET /api/customers/:customerId: the customer and their galleries as the gallery cards show them. */
export async function getCustomer(actor: Actor, customerId: string): Promise<CustomerDetailsDto> {
  const row = await db.customer.findFirst({ where: { id: customerId, adminId: actor.id } });
  if (!row) throw notFound();
  return { customer: customerView(row), galleries: await galleryCards(actor, { customerId: row.id }) };
}

export async function updateCustomer(actor: Actor, customerId: string, input: UpdateCustomerInput): Promise<CustomerDto> {
  const found = await db.customer.updateManyAndReturn({ where: { id: customerId, adminId: actor.id }, data: input }).catch((e: unknown) => {
    throw emailTaken(e);
  });
  if (!found[0]) throw notFound();
  return customerView(found[0]);
}

/** Deletes the customer; their galleries stay, unlinked (the foreign key's SET NULL). */
export async function deleteCustomer(actor: Actor, customerId: string): Promise<void> {
  const { count } = await db.customer.deleteMany({ where: { id: customerId, adminId: actor.id } });
  if (count === 0) throw notFound();
}

/** Links one of the studio's galleries to one of its customers; a gallery linked to another customer moves. */
export async function linkGallery(actor: Actor, customerId: string, galleryId: string): Promise<CustomerListItemDto> {
  return db.$transaction(async (tx) => {
    const customer = await tx.customer.findFirst({ where: { id: customerId, adminId: actor.id }, select: { id: true } });
    if (!customer) throw notFound();
    const { count } = await tx.gallery.updateMany({ where: { id: galleryId, adminId: actor.id }, data: { customerId: customer.id } });
    if (count === 0) throw notFound();
    return listItem(await tx.customer.findUniqueOrThrow({ where: { id: customer.id }, include: withCount }));
  });
}

/** Unlinks a gallery from the customer it is linked to (another customer's, or none: 404). */
export async function unlinkGallery(actor: Actor, customerId: string, galleryId: string): Promise<void> {
  const { count } = await db.gallery.updateMany({ where: { id: galleryId, adminId: actor.id, customerId, customer: { adminId: actor.id } }, data: { customerId: null } });
  if (count === 0) throw notFound();
}

/** The studio's galleries for the customer page's "Link a gallery": name and the customer each is linked to, newest first. */
export async function linkableGalleries(actor: Actor): Promise<{ id: string; name: string; customerId: string | null }[]> {
  return db.gallery.findMany({ where: { adminId: actor.id }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], select: { id: true, name: true, customerId: true } });
}
