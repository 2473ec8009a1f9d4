// The starter allowance (issue 39 item 4): a studio approved by the super admin gets
// STARTER_ALLOWANCE_BYTES once per email, through the ledger as a grant; a re-approval, two
// approvals at once, or the same address deleted and signed up again get nothing; 0 disables it.
import { PUT as adminUpdate } from "@/app/api/admin/admin-update/[id]/route";
import { DELETE as deleteAdmin } from "@/app/api/admin/deleteAdmin/[id]/route";
import { db } from "@/lib/db";
import { TEXTS } from "@/lib/texts";
import { creditHistory } from "@/lib/services/money/payments";
import { allowanceEmail } from "@/lib/services/money/starter-allowance";
import { bytesToMb } from "@/lib/format";
import { ROUTES } from "@/lib/routes";
import { paymentsConfigured } from "@/lib/payments";
import { toUser } from "@/lib/auth/options";
import { createFolderWithGallery, createGuest, createStudio, createSuperadmin } from "../helpers/factories";
import { firstDelivery } from "@/lib/services/studio";
import { bearerFor, call, request } from "../helpers/requests";

const TWO_GB = BigInt(2147483648);
const saved = process.env.STARTER_ALLOWANCE_BYTES;
afterEach(() => {
  if (saved === undefined) delete process.env.STARTER_ALLOWANCE_BYTES;
  else process.env.STARTER_ALLOWANCE_BYTES = saved;
});

let token: string;
beforeAll(async () => {
  token = await bearerFor(await createSuperadmin());
});

const setStatus = (id: string, status: "Active" | "Not Active") => call(adminUpdate, request("PUT", `/api/admin/admin-update/${id}`, { body: { obj: { status } }, token }), { id });
const balance = async (id: string) => (await db.admin.findUniqueOrThrow({ where: { id } })).creditBytes;
const grants = (adminId: string) => db.creditEntry.findMany({ where: { adminId, type: "granted" } });

describe("approving a studio grants the starter allowance", () => {
  it("grants 2 GB by default, once, as a granted entry the credit history lists and counts in the balance", async () => {
    delete process.env.STARTER_ALLOWANCE_BYTES;
    const studio = await createStudio({ status: "NOT_ACTIVE", plan: "NO_PLAN" });
    const res = await setStatus(studio.id, "Active");
    expect(res.status).toBe(200);
    expect((await res.json()).admin.credits).toBe(2048);
    expect(await balance(studio.id)).toBe(TWO_GB);
    const [entry] = await grants(studio.id);
    expect(entry).toMatchObject({ creditBytes: TWO_GB, purpose: TEXTS.starterAllowancePurpose, amountCents: 0 });
    expect(await db.starterAllowance.findUnique({ where: { email: studio.email } })).toMatchObject({ adminId: studio.id, bytes: TWO_GB });

    const history = await creditHistory(studio, 1);
    expect(history.entries).toEqual([expect.objectContaining({ type: "granted", credits: 2048, purpose: TEXTS.starterAllowancePurpose, amount: 0 })]);
    expect(history).toMatchObject({ granted: 2048, purchased: 0, used: 0, balance: 2048 });
    expect(await db.auditLog.count({ where: { targetId: studio.id, action: "credits.starter" } })).toBe(1);
  });

  it("gives nothing on a second approval, nor on a re-approval after a suspension", async () => {
    const studio = await createStudio({ status: "NOT_ACTIVE", plan: "NO_PLAN" });
    expect((await setStatus(studio.id, "Active")).status).toBe(200);
    expect((await setStatus(studio.id, "Active")).status).toBe(200);
    expect((await setStatus(studio.id, "Not Active")).status).toBe(200);
    expect((await setStatus(studio.id, "Active")).status).toBe(200);
    expect(await grants(studio.id)).toHaveLength(1);
    expect(await balance(studio.id)).toBe(TWO_GB);
  });

  it("grants once when two approvals of the same studio race", async () => {
    const studio = await createStudio({ status: "NOT_ACTIVE", plan: "NO_PLAN" });
    const answers = await Promise.all([setStatus(studio.id, "Active"), setStatus(studio.id, "Active"), setStatus(studio.id, "Active")]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await grants(studio.id)).toHaveLength(1);
    expect(await balance(studio.id)).toBe(TWO_GB);
  });

  it("gives nothing to the same email (any case, spaces trimmed) after the studio is deleted and signs up again", async () => {
    const first = await createStudio({ status: "NOT_ACTIVE", plan: "NO_PLAN" });
    expect((await setStatus(first.id, "Active")).status).toBe(200);
    expect((await call(deleteAdmin, request("DELETE", "/x", { token }), { id: first.id })).status).toBe(200);
    // The record outlives the studio.
    expect(await db.starterAllowance.count({ where: { email: first.email } })).toBe(1);

    const again = await db.admin.create({
      data: { name: "Again", email: first.email.toUpperCase(), passwordHash: first.passwordHash, role: "admin", status: "NOT_ACTIVE", plan: "NO_PLAN" },
    });
    expect(allowanceEmail(` ${again.email} `)).toBe(first.email);
    expect((await setStatus(again.id, "Active")).status).toBe(200);
    expect(await grants(again.id)).toHaveLength(0);
    expect(await balance(again.id)).toBe(BigInt(0));
  });

  it("grants nothing when STARTER_ALLOWANCE_BYTES is 0, and the configured size otherwise", async () => {
    process.env.STARTER_ALLOWANCE_BYTES = "0";
    const none = await createStudio({ status: "NOT_ACTIVE", plan: "NO_PLAN" });
    expect((await setStatus(none.id, "Active")).status).toBe(200);
    expect(await balance(none.id)).toBe(BigInt(0));
    expect(await db.starterAllowance.count({ where: { email: none.email } })).toBe(0);

    process.env.STARTER_ALLOWANCE_BYTES = String(500 * 1024 * 1024);
    const some = await createStudio({ status: "NOT_ACTIVE", plan: "NO_PLAN" });
    expect((await setStatus(some.id, "Active")).status).toBe(200);
    expect(bytesToMb(await balance(some.id))).toBe(500);
  });

  it("gives nothing for an edit of an active studio that is not an approval", async () => {
    const studio = await createStudio({ status: "ACTIVE" });
    const res = await call(adminUpdate, request("PUT", `/api/admin/admin-update/${studio.id}`, { body: { obj: { companyName: "Renamed" } }, token }), { id: studio.id });
    expect(res.status).toBe(200);
    expect(await grants(studio.id)).toHaveLength(0);
  });
});

const PAYMENT_KEYS = ["PAYMENTS_PROVIDER", "STRIPE_SECRET_KEY"] as const;
const paymentsBefore = Object.fromEntries(PAYMENT_KEYS.map((k) => [k, process.env[k]]));
/** Sets the payment variables named, unsets the others (put back after each test). */
const configure = (vars: Partial<Record<(typeof PAYMENT_KEYS)[number], string>>) => {
  for (const k of PAYMENT_KEYS) {
    if (vars[k] === undefined) delete process.env[k];
    else process.env[k] = vars[k];
  }
};
afterEach(() => configure(paymentsBefore));

describe("where an approved studio's first sign-in lands", () => {
  const landing = async (id: string) => toUser(await db.admin.findUniqueOrThrow({ where: { id } })).landing;

  it("lands on the studio with its allowance, on checkout without credits while payments are configured, and never on a checkout it cannot use", async () => {
    configure({ PAYMENTS_PROVIDER: "test" });
    const approved = await createStudio({ status: "NOT_ACTIVE", plan: "NO_PLAN" });
    expect(await landing(approved.id)).toBe(ROUTES.checkout);
    expect((await setStatus(approved.id, "Active")).status).toBe(200);
    expect(await landing(approved.id)).toBe(ROUTES.galleries);

    const empty = await createStudio({ plan: "NO_PLAN" });
    expect(await landing(empty.id)).toBe(ROUTES.checkout);
    configure({});
    expect(await landing(empty.id)).toBe(ROUTES.galleries);
  });
});

describe("paymentsConfigured: one decision for the warning and the landing", () => {
  it.each([
    [{}, false],
    [{ PAYMENTS_PROVIDER: "stripe" }, false],
    [{ STRIPE_SECRET_KEY: "sk_test_x" }, true],
    [{ PAYMENTS_PROVIDER: "stripe", STRIPE_SECRET_KEY: "sk_test_x" }, true],
    [{ PAYMENTS_PROVIDER: "test" }, true],
  ] as const)("%j → %s", (vars, expected) => {
    configure(vars);
    expect(paymentsConfigured()).toBe(expected);
  });
});

describe("the first hour says what the allowance is", () => {
  it("the approval mail names the allowance it gave (not a re-approval's); the home's first delivery card shows it, its steps and what is left", async () => {
    delete process.env.STARTER_ALLOWANCE_BYTES;
    const studio = await createStudio({ status: "NOT_ACTIVE", plan: "NO_PLAN" });
    expect((await setStatus(studio.id, "Active")).status).toBe(200);
    const mail = await db.mailMessage.findFirstOrThrow({ where: { to: studio.email, subject: "Your Vidfolio studio is approved" } });
    expect(mail.text).toContain(TEXTS.firstDelivery.allowanceMail("2.00 GB"));
    expect((await setStatus(studio.id, "Not Active")).status).toBe(200);
    expect((await setStatus(studio.id, "Active")).status).toBe(200);
    const again = await db.mailMessage.findMany({ where: { to: studio.email, subject: "Your Vidfolio studio is approved" }, orderBy: { createdAt: "asc" } });
    expect(again).toHaveLength(2);
    expect(again[1].text).not.toContain("free");

    const me = await db.admin.findUniqueOrThrow({ where: { id: studio.id } });
    expect(await firstDelivery(me)).toEqual({ allowance: { bytes: 2147483648, leftBytes: 2147483648 }, steps: { upload: false, style: false, guest: false, send: false }, galleryId: null });
    // Step by step, read from the studio's own rows.
    const { gallery } = await createFolderWithGallery(studio.id, { videos: 1 });
    await db.gallery.update({ where: { id: gallery.id }, data: { fheading: "Playfair Display" } });
    const invite = await createGuest(gallery.id, studio.id, {});
    let state = await firstDelivery(me);
    expect(state).toMatchObject({ steps: { upload: true, style: true, guest: true, send: false }, galleryId: gallery.id });
    await db.galleryInvite.update({ where: { id: invite.id }, data: { sentAt: new Date() } });
    state = await firstDelivery({ ...me, creditBytes: BigInt(1073741824) });
    expect(state).toMatchObject({ allowance: { leftBytes: 1073741824 }, steps: { upload: true, style: true, guest: true, send: true } });
    // A plan: the allowance is no longer the studio's story; another studio's rows count for nothing.
    expect((await firstDelivery({ ...me, plan: "PRO" })).allowance).toBeNull();
    const other = await createStudio();
    expect(await firstDelivery(other)).toMatchObject({ allowance: null, steps: { upload: false, style: false, guest: false, send: false }, galleryId: null });
  });
});
