// A studio's customers (issue 60 item 1): add, list newest first with search and pages, read with
// their galleries (the cards' status), change, delete (galleries stay, unlinked), link a gallery
// (moving it from another customer) and unlink it, a CSV import with its refused rows. Bad input is
// a 400 that changes nothing, an e-mail the studio already has a 409, another studio's ids a 404,
// and a key with the read scope lists but does not add.
import { GET as listRoute, POST as createRoute } from "@/app/api/customers/route";
import { DELETE as removeRoute, GET as getRoute, PATCH as updateRoute } from "@/app/api/customers/[customerId]/route";
import { DELETE as unlinkRoute, PUT as linkRoute } from "@/app/api/customers/[customerId]/galleries/[galleryId]/route";
import { POST as importRoute } from "@/app/api/customers/import/route";
import { POST as createKey } from "@/app/api/keys/route";
import { db } from "@/lib/db";
import { TEXTS } from "@/lib/texts";
import { CUSTOMER_IMPORT_MAX_ROWS, CUSTOMER_NAME_MAX, CUSTOMER_NOTES_MAX, CUSTOMER_PHONE_MAX } from "@/lib/validation/customers";
import { createFolderWithGallery, createStudio } from "../helpers/factories";
import { bearerFor, call, request } from "../helpers/requests";
import type { CustomerDto, CustomerListDto } from "@/lib/contract/customers";

type Studio = Awaited<ReturnType<typeof createStudio>>;
const T = TEXTS.customers;

const send = async (handler: Parameters<typeof call>[0], method: string, path: string, token: string, params: Record<string, string> = {}, body?: unknown) => {
  const res = await call(handler, request(method, path, { token, body }), params);
  return { status: res.status, body: await res.json() };
};
const create = (token: string, body: unknown) => send(createRoute, "POST", "/api/customers", token, {}, body);
const list = (token: string, query: Record<string, string> = {}) => send(listRoute, "GET", `/api/customers?${new URLSearchParams(query)}`, token);
const get = (token: string, id: string) => send(getRoute, "GET", `/api/customers/${id}`, token, { customerId: id });
const update = (token: string, id: string, body: unknown) => send(updateRoute, "PATCH", `/api/customers/${id}`, token, { customerId: id }, body);
const remove = (token: string, id: string) => send(removeRoute, "DELETE", `/api/customers/${id}`, token, { customerId: id });
const link = (token: string, customerId: string, galleryId: string) => send(linkRoute, "PUT", `/api/customers/${customerId}/galleries/${galleryId}`, token, { customerId, galleryId });
const unlink = (token: string, customerId: string, galleryId: string) => send(unlinkRoute, "DELETE", `/api/customers/${customerId}/galleries/${galleryId}`, token, { customerId, galleryId });
const importCsv = (token: string, csv: unknown) => send(importRoute, "POST", "/api/customers/import", token, {}, { csv });

/** The studio's customers as the table holds them: what "changes nothing" compares. */
const rowsOf = (adminId: string) => db.customer.findMany({ where: { adminId }, orderBy: { email: "asc" } });

let A: Studio;
let B: Studio;
let tokenA: string;
let tokenB: string;

beforeAll(async () => {
  [A, B] = await Promise.all([createStudio(), createStudio()]);
  [tokenA, tokenB] = await Promise.all([bearerFor(A), bearerFor(B)]);
});

describe("a customer", () => {
  it("is added (201, e-mail lower-cased, language en by default), read, changed and deleted", async () => {
    const made = await create(tokenA, { name: "  Emma Laurent ", email: "Emma@Example.com", phone: "+33 6 12" });
    expect(made.status).toBe(201);
    const c: CustomerDto = made.body.customer;
    expect(c).toMatchObject({ name: "Emma Laurent", email: "emma@example.com", phone: "+33 6 12", language: "en", notes: null });

    expect(await get(tokenA, c.id)).toEqual({ status: 200, body: { customer: c, galleries: [] } });

    const changed = await update(tokenA, c.id, { notes: "Wedding on 12 June.\nCall after 6 pm.", language: "fr", phone: null });
    expect(changed.status).toBe(200);
    expect(changed.body.customer).toMatchObject({ notes: "Wedding on 12 June.\nCall after 6 pm.", language: "fr", phone: null, name: "Emma Laurent" });

    expect(await remove(tokenA, c.id)).toEqual({ status: 200, body: { message: T.deleted } });
    expect((await get(tokenA, c.id)).status).toBe(404);
  });

  it("refuses an e-mail the studio already has (409, whatever its case), while another studio may have it", async () => {
    const first = await create(tokenA, { name: "Noah", email: "noah@example.com" });
    expect(first.status).toBe(201);
    expect(await create(tokenA, { name: "Noah again", email: "NOAH@example.com" })).toEqual({ status: 409, body: { code: "conflict", message: T.emailTaken } });
    expect((await create(tokenB, { name: "Noah", email: "noah@example.com" })).status).toBe(201);
    const other = await create(tokenA, { name: "Mia", email: "mia@example.com" });
    expect(await update(tokenA, other.body.customer.id, { email: "noah@example.com" })).toEqual({ status: 409, body: { code: "conflict", message: T.emailTaken } });
  });

  it("refuses bad input with a 400 and its words, and changes nothing", async () => {
    const studio = await createStudio();
    const token = await bearerFor(studio);
    const kept = (await create(token, { name: "Kept", email: "kept@example.com" })).body.customer as CustomerDto;
    const before = await rowsOf(studio.id);
    for (const [body, message] of [
      [{ email: "a@example.com" }, T.nameRequired],
      [{ name: "", email: "a@example.com" }, T.nameRequired],
      [{ name: "x".repeat(121), email: "a@example.com" }, T.nameTooLong(CUSTOMER_NAME_MAX)],
      [{ name: "Two\nlines", email: "a@example.com" }, T.nameOneLine],
      [{ name: "A", email: "not an address" }, "Enter a valid email address."],
      [{ name: "A", email: "a@example.com", phone: "1".repeat(41) }, T.phoneTooLong(CUSTOMER_PHONE_MAX)],
      [{ name: "A", email: "a@example.com", language: "nl" }, T.languageInvalid],
      [{ name: "A", email: "a@example.com", notes: "x".repeat(5001) }, T.notesTooLong(CUSTOMER_NOTES_MAX)],
      [{ name: "Nul\u0000", email: "a@example.com" }, TEXTS.unstorableText],
      [{ name: "A", email: "a@example.com", vip: true }, T.fieldsInvalid],
    ] as const) {
      expect([body, await create(token, body)]).toEqual([body, { status: 400, body: { code: "validation", message } }]);
    }
    expect(await update(token, kept.id, {})).toEqual({ status: 400, body: { code: "validation", message: T.nothingToChange } });
    expect((await update(token, kept.id, { language: "xx" })).status).toBe(400);
    for (const query of [{ limit: "0" }, { cursor: "yesterday" }, { sort: "name" }, { q: "x".repeat(121) }] as Record<string, string>[])
      expect([query, (await list(token, query)).status]).toEqual([query, 400]);
    expect((await get(token, "not-an-id")).status).toBe(404);
    expect(await rowsOf(studio.id)).toEqual(before);
  });

  it("of another studio is a 404 to read, change, delete or link, and stays as it was", async () => {
    const theirs = (await create(tokenB, { name: "Theirs", email: "theirs@example.com" })).body.customer as CustomerDto;
    const mine = (await create(tokenA, { name: "Mine", email: "mine@example.com" })).body.customer as CustomerDto;
    const { gallery: myGallery } = await createFolderWithGallery(A.id);
    const { gallery: theirGallery } = await createFolderWithGallery(B.id);
    expect((await get(tokenA, theirs.id)).status).toBe(404);
    expect((await update(tokenA, theirs.id, { name: "Taken over" })).status).toBe(404);
    expect((await remove(tokenA, theirs.id)).status).toBe(404);
    expect((await link(tokenA, theirs.id, myGallery.id)).status).toBe(404);
    expect((await link(tokenA, mine.id, theirGallery.id)).status).toBe(404);
    expect((await unlink(tokenA, theirs.id, theirGallery.id)).status).toBe(404);
    expect(await db.customer.findUniqueOrThrow({ where: { id: theirs.id } })).toMatchObject({ name: "Theirs" });
    expect(await db.gallery.findUniqueOrThrow({ where: { id: theirGallery.id }, select: { customerId: true } })).toEqual({ customerId: null });
    expect((await list(tokenA, { q: "theirs" })).body.customers).toEqual([]);
  });
});

describe("the customers list", () => {
  it("is newest first, paged by `next`, searched by name or e-mail whatever the case, with each one's galleries counted", async () => {
    const studio = await createStudio();
    const token = await bearerFor(studio);
    const names = ["Ana Souza", "Ben Okafor", "Chloé Martin", "Dario Rossi", "Eva Novak"];
    for (const [i, name] of names.entries()) {
      await db.customer.create({ data: { adminId: studio.id, name, email: `c${i}@example.com`, createdAt: new Date(Date.UTC(2026, 0, 1 + i)) } });
    }
    const pages: string[][] = [];
    let cursor: string | null = null;
    do {
      const p: CustomerListDto = (await list(token, { limit: "2", ...(cursor ? { cursor } : {}) })).body;
      pages.push(p.customers.map((c) => c.name));
      cursor = p.next;
    } while (cursor);
    expect(pages).toEqual([["Eva Novak", "Dario Rossi"], ["Chloé Martin", "Ben Okafor"], ["Ana Souza"]]);

    expect((await list(token, { q: "ROSSI" })).body.customers.map((c: CustomerDto) => c.name)).toEqual(["Dario Rossi"]);
    expect((await list(token, { q: "c1@EXAMPLE" })).body.customers.map((c: CustomerDto) => c.name)).toEqual(["Ben Okafor"]);

    const { gallery } = await createFolderWithGallery(studio.id);
    const ben = (await list(token, { q: "Ben" })).body.customers[0];
    expect(ben.galleries).toBe(0);
    await link(token, ben.id, gallery.id);
    expect((await list(token, { q: "Ben" })).body.customers[0].galleries).toBe(1);
  });
});

describe("a customer's galleries", () => {
  it("are linked (one customer per gallery: relinking moves it), shown as their cards, unlinked, and stay when the customer is deleted", async () => {
    const studio = await createStudio();
    const token = await bearerFor(studio);
    const emma = (await create(token, { name: "Emma", email: "emma@example.com" })).body.customer as CustomerDto;
    const noah = (await create(token, { name: "Noah", email: "noah@example.com" })).body.customer as CustomerDto;
    const { gallery } = await createFolderWithGallery(studio.id);
    await db.gallery.update({ where: { id: gallery.id }, data: { priceAmount: 50000, priceCurrency: "eur" } });

    expect(await link(token, emma.id, gallery.id)).toMatchObject({ status: 200, body: { customer: { id: emma.id, galleries: 1 } } });
    const read = await get(token, emma.id);
    expect(read.body.galleries).toHaveLength(1);
    expect(read.body.galleries[0]).toMatchObject({ _id: gallery.id, name: gallery.name, status: { payment: { state: "awaiting", due: 50000, currency: "eur" }, review: null } });

    expect(await link(token, noah.id, gallery.id)).toMatchObject({ status: 200, body: { customer: { galleries: 1 } } });
    expect((await get(token, emma.id)).body.galleries).toEqual([]);
    expect((await unlink(token, emma.id, gallery.id)).status).toBe(404);

    expect(await unlink(token, noah.id, gallery.id)).toEqual({ status: 200, body: { message: T.unlinked } });
    expect((await get(token, noah.id)).body.galleries).toEqual([]);

    await link(token, noah.id, gallery.id);
    await remove(token, noah.id);
    expect(await db.gallery.findUniqueOrThrow({ where: { id: gallery.id }, select: { id: true, customerId: true } })).toEqual({ id: gallery.id, customerId: null });
  });
});

describe("an API key", () => {
  it("with read lists customers, and may not add one (403 scope)", async () => {
    const made = await call(createKey, request("POST", "/api/keys", { token: tokenA, body: { name: "CRM read", scopes: ["read"] } }));
    const key = (await made.json()).key.key as string;
    expect((await list(key)).status).toBe(200);
    const refused = await create(key, { name: "Via key", email: "via-key@example.com" });
    expect([refused.status, refused.body.code]).toEqual([403, "scope"]);
    expect(await db.customer.count({ where: { adminId: A.id, email: "via-key@example.com" } })).toBe(0);
  });
});

describe("a CSV import", () => {
  it("creates the good rows together and refuses each bad one with its reason", async () => {
    const studio = await createStudio();
    const token = await bearerFor(studio);
    await create(token, { name: "Already", email: "already@example.com" });
    const csv = [
      "\ufeffEmail,NAME,Language,notes",
      "ana@example.com,Ana Souza,PT,",
      '"ben@example.com","Okafor, Ben",,"Two ""quoted"" words,\nand a second line"',
      "not-an-address,Bad Mail,en,",
      ",No Mail,,",
      "already@example.com,Already There,,",
      "ANA@example.com,Ana Twice,,",
      "cara@example.com,Cara,nl,",
      "",
    ].join("\r\n");
    const res = await importCsv(token, csv);
    expect(res).toEqual({
      status: 200,
      body: {
        created: 2,
        refused: [
          { row: 4, reason: "Enter a valid email address." },
          { row: 5, reason: "Email is required." },
          { row: 6, reason: T.emailTaken },
          { row: 7, reason: T.emailInFile },
          { row: 8, reason: T.languageInvalid },
        ],
      },
    });
    const rows = await rowsOf(studio.id);
    expect(rows.map((r) => [r.email, r.name, r.language, r.notes])).toEqual([
      ["already@example.com", "Already", "en", null],
      ["ana@example.com", "Ana Souza", "pt", null],
      ["ben@example.com", "Okafor, Ben", "en", 'Two "quoted" words,\nand a second line'],
    ]);
  });

  it("refuses a whole file with an unknown or missing column, an open quote or over 5,000 rows (400), and creates nothing", async () => {
    const studio = await createStudio();
    const token = await bearerFor(studio);
    const rows = (n: number) => Array.from({ length: n }, (_, i) => `c${i}@example.com,Client ${i}`).join("\n");
    for (const [csv, message] of [
      ["name,email,birthday\nAna,ana@example.com,1990", T.csvColumnUnknown("“birthday”")],
      ["name,phone\nAna,123", T.csvColumnsMissing],
      ["name,email,Name\nAna,ana@example.com,Ana", T.csvColumnTwice("name")],
      ['name,email\n"Ana,ana@example.com', T.csvBroken],
      ["", T.csvEmpty],
      [`email,name\n${rows(CUSTOMER_IMPORT_MAX_ROWS + 1)}`, T.csvTooManyRows(CUSTOMER_IMPORT_MAX_ROWS)],
    ] as const) {
      expect([csv.slice(0, 30), await importCsv(token, csv)]).toEqual([csv.slice(0, 30), { status: 400, body: { code: "validation", message } }]);
    }
    expect((await importCsv(token, 42)).status).toBe(400);
    expect(await db.customer.count({ where: { adminId: studio.id } })).toBe(0);
  });

  it("takes 5,000 rows at once", async () => {
    const studio = await createStudio();
    const token = await bearerFor(studio);
    const csv = `email,name\n${Array.from({ length: CUSTOMER_IMPORT_MAX_ROWS }, (_, i) => `c${i}@example.com,Client ${i}`).join("\n")}`;
    expect(await importCsv(token, csv)).toEqual({ status: 200, body: { created: CUSTOMER_IMPORT_MAX_ROWS, refused: [] } });
  });
});
