// A studio's own customers (its screens say "Clients"; in the code "client" is the super admin's
// account of a studio): their details, the galleries made for them, a CSV import. The customer's
// page will gather their agreements, invoices and payments beside their galleries.
import { z } from "zod";
import { door } from "@/lib/contract/door";
import { date, EXAMPLE, messageAnswer } from "@/lib/contract/shapes";
import { galleryCardShape } from "@/lib/contract/folders";
import {
  createCustomerSchema,
  customerGalleryPathSchema,
  customerLanguageSchema,
  customerListQuerySchema,
  customerPathSchema,
  importCustomersSchema,
  updateCustomerSchema,
} from "@/lib/validation/customers";

const CUSTOMERS = "Customers";

const customerShape = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().describe("Lower-cased; unique among the studio's customers."),
  phone: z.string().nullable(),
  language: customerLanguageSchema.describe("The language of what the customer is sent: one of the viewer's languages."),
  notes: z.string().nullable().describe("The studio's own notes; never shown to the customer."),
  createdAt: date,
  updatedAt: date,
});
export type CustomerDto = z.output<typeof customerShape>;

const customerListItemShape = customerShape.extend({ galleries: z.number().int().describe("How many of the studio's galleries are linked to the customer.") });
export type CustomerListItemDto = z.output<typeof customerListItemShape>;

const customerListShape = z.object({
  customers: z.array(customerListItemShape),
  next: z.string().nullable().describe("The `cursor` of the next (older) page; null: no more."),
});
export type CustomerListDto = z.output<typeof customerListShape>;

const customerDetailsShape = z.object({
  customer: customerShape,
  galleries: z.array(galleryCardShape.extend({ folderId: z.string() })).describe("The customer's galleries, newest first, as their cards show them (payment and review status)."),
});
export type CustomerDetailsDto = z.output<typeof customerDetailsShape>;

const importResultShape = z.object({
  created: z.number().int().describe("Customers created (all in one transaction)."),
  refused: z.array(z.object({ row: z.number().int().describe("The row's number in the file, the header being row 1."), reason: z.string() })).describe("Each row not imported, and why."),
});
export type CustomerImportDto = z.output<typeof importResultShape>;

const customerExample = { name: "Emma Laurent", email: "emma@example.com", phone: "+33 6 12 34 56 78", language: "fr", notes: "Wedding on 12 June; prefers calls after 6 pm." };
const customerAnswer = { id: EXAMPLE.id, ...customerExample, createdAt: "2026-12-07T10:00:00.000Z", updatedAt: "2026-12-07T10:00:00.000Z" };

export const customers = {
  list: door({
    method: "GET",
    path: "/api/customers",
    who: "studio",
    query: customerListQuerySchema,
    answer: customerListShape,
    summary: "The studio's customers, newest first",
    description:
      "Each customer with the number of galleries linked to them, newest first (then by id). `q`: only those whose name or e-mail contains it, whatever the case. `limit`: 1 to 100 (50 by default). Pass the answer's `next` as `cursor` for the next page; `next` is null on the last one. Anything else in the query is a 400.",
    tag: CUSTOMERS,
    answerExample: { customers: [{ ...customerAnswer, galleries: 2 }], next: null },
  }),
  create: door({
    method: "POST",
    path: "/api/customers",
    who: "studio",
    body: createCustomerSchema,
    status: 201,
    answer: z.object({ customer: customerShape }),
    errors: ["conflict"],
    summary: "Add a customer",
    description: "`name` and `email` are required; `language` is `en` unless sent. An e-mail the studio already has for another customer is a 409 `conflict`.",
    tag: CUSTOMERS,
    example: customerExample,
    answerExample: { customer: customerAnswer },
  }),
  get: door({
    method: "GET",
    path: "/api/customers/:customerId",
    who: "studio",
    params: customerPathSchema,
    answer: customerDetailsShape,
    summary: "A customer and their galleries",
    tag: CUSTOMERS,
    answerExample: { customer: customerAnswer, galleries: [] },
  }),
  update: door({
    method: "PATCH",
    path: "/api/customers/:customerId",
    who: "studio",
    params: customerPathSchema,
    body: updateCustomerSchema,
    answer: z.object({ customer: customerShape }),
    errors: ["conflict"],
    summary: "Change a customer's details",
    description: "Any of `name`, `email`, `phone`, `language` and `notes`; `phone` and `notes` are cleared with null. An e-mail another of the studio's customers has is a 409 `conflict`.",
    tag: CUSTOMERS,
    example: { notes: "Wedding moved to 19 June." },
    answerExample: { customer: { ...customerAnswer, notes: "Wedding moved to 19 June." } },
  }),
  remove: door({
    method: "DELETE",
    path: "/api/customers/:customerId",
    who: "studio",
    params: customerPathSchema,
    answer: messageAnswer,
    summary: "Delete a customer (their galleries stay, unlinked)",
    tag: CUSTOMERS,
  }),
  link: door({
    method: "PUT",
    path: "/api/customers/:customerId/galleries/:galleryId",
    who: "studio",
    params: customerGalleryPathSchema,
    answer: z.object({ customer: customerListItemShape }),
    summary: "Link a gallery to a customer",
    description: "A gallery is for one customer at most: linking it to another moves it. Another studio's customer or gallery is a 404.",
    tag: CUSTOMERS,
    answerExample: { customer: { ...customerAnswer, galleries: 1 } },
  }),
  unlink: door({
    method: "DELETE",
    path: "/api/customers/:customerId/galleries/:galleryId",
    who: "studio",
    params: customerGalleryPathSchema,
    answer: messageAnswer,
    summary: "Unlink a gallery from a customer",
    description: "A gallery not linked to this customer is a 404.",
    tag: CUSTOMERS,
  }),
  import: door({
    method: "POST",
    path: "/api/customers/import",
    who: "studio",
    body: importCustomersSchema,
    answer: importResultShape,
    summary: "Import customers from a CSV file",
    description:
      "`csv`: the file's text (UTF-8). Its header row names the columns `name`, `email`, `phone`, `language`, `notes` in any order and case (`name` and `email` required; any other column is a 400 and nothing is imported); at most 5,000 rows below it (more is a 400). Each row that fails the fields' rules, or whose e-mail is on an earlier row or already the studio's, is refused with its reason; the others are created together in one transaction.",
    tag: CUSTOMERS,
    example: { csv: "name,email,language\r\nEmma Laurent,emma@example.com,fr\r\nNoah Berg,noah@example.com,de\r\n" },
    answerExample: { created: 2, refused: [] },
  }),
};
