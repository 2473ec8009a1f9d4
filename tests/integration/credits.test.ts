// The credits ledger (lib/services/money/credits.ts): spends never take what open uploads reserved, every
// entry is keyed so a retry applies once, and the balance always equals the ledger.
import { PUT as adminUpdate } from "@/app/api/admin/admin-update/[id]/route";
import { db } from "@/lib/db";
import { TEXTS } from "@/lib/texts";
import { mbToBytes } from "@/lib/format";
import { createStudio, createSuperadmin } from "../helpers/factories";
import { bearerFor, call, request } from "../helpers/requests";
import { MB, balance, complete, paidSession, spend, startWithPart, studioWithGallery, uploadOf, verifySession } from "../helpers/uploads";

/** Opening balance + purchases − uses, from the ledger. */
async function ledgerBalance(adminId: string, opening: bigint) {
  const entries = await db.creditEntry.findMany({ where: { adminId } });
  return entries.reduce((sum, e) => (e.type === "purchased" ? sum + e.creditBytes : sum - e.creditBytes), opening);
}

describe("spend vs upload", () => {
  it("a spend cannot take credits an open upload reserved: the spend is refused, the upload completes and is charged", async () => {
    const { studio, gallery, token } = await studioWithGallery(100);
    const up = await startWithPart(token, gallery.id, 60 * MB);
    // 100 MB in the balance, 60 reserved: 40 are available.
    const spent = await spend(token, studio.id, 60);
    expect(spent.status).toBe(409);
    expect((await spent.json()).message).toBe(TEXTS.notEnoughCredits);
    const done = await complete(token, up);
    expect(done.status).toBe(200);
    expect((await uploadOf(up.fileName)).status).toBe("COMPLETED");
    expect(await balance(studio.id)).toBe(mbToBytes(40));
    expect((await spend(token, studio.id, 40)).status).toBe(200);
    expect(await balance(studio.id)).toBe(BigInt(0));
    expect(await ledgerBalance(studio.id, mbToBytes(100))).toBe(BigInt(0));
  });

  it("raced 20 times, spend and completion of a reserved upload never both fail and never overdraw", async () => {
    for (let i = 0; i < 20; i++) {
      const { studio, gallery, token } = await studioWithGallery(10);
      const up = await startWithPart(token, gallery.id, 6 * MB);
      const [s, c] = await Promise.all([spend(token, studio.id, 5), complete(token, up)]);
      // The reservation wins whatever the order: the upload completes, the spend of 5 > 4 is refused.
      expect([s.status, c.status]).toEqual([409, 200]);
      expect(await balance(studio.id)).toBe(mbToBytes(4));
    }
  });
});

describe("idempotency", () => {
  it("a spend retried with the same Idempotency-Key applies once, even when the retries race", async () => {
    const { studio, token } = await studioWithGallery(100);
    const first = await spend(token, studio.id, 10, "order-42");
    expect(first.status).toBe(200);
    expect((await first.json()).credits).toBe(90);
    const retries = await Promise.all(Array.from({ length: 5 }, () => spend(token, studio.id, 10, "order-42")));
    for (const r of retries) expect(r.status).toBe(200);
    expect(await balance(studio.id)).toBe(mbToBytes(90));
    expect(await db.creditEntry.count({ where: { adminId: studio.id } })).toBe(1);

    // Five new keys at once: five spends.
    await Promise.all(Array.from({ length: 5 }, (_, i) => spend(token, studio.id, 10, `order-${i}`)));
    expect(await balance(studio.id)).toBe(mbToBytes(40));
  });

  it("the same key with another amount is a 409 and changes nothing; a malformed key is a 400", async () => {
    const { studio, token } = await studioWithGallery(100);
    expect((await spend(token, studio.id, 10, "k-1")).status).toBe(200);
    const reused = await spend(token, studio.id, 20, "k-1");
    expect(reused.status).toBe(409);
    expect((await reused.json()).message).toBe(TEXTS.idempotencyKeyReused);
    expect((await spend(token, studio.id, 10, "has space")).status).toBe(400);
    expect(await balance(studio.id)).toBe(mbToBytes(90));
  });

  it("one studio's key does not collide with another's", async () => {
    const a = await studioWithGallery(100);
    const b = await studioWithGallery(100);
    expect((await spend(a.token, a.studio.id, 10, "shared-key")).status).toBe(200);
    expect((await spend(b.token, b.studio.id, 20, "shared-key")).status).toBe(200);
    expect(await balance(b.studio.id)).toBe(mbToBytes(80));
  });

  it("every way credits move writes a keyed ledger entry that matches the balance", async () => {
    const { studio, gallery, token } = await studioWithGallery(100);
    const admin = await createSuperadmin();
    await verifySession(token, await paidSession(token));
    await spend(token, studio.id, 5);
    await complete(token, await startWithPart(token, gallery.id, 2 * MB));
    const edited = await call(adminUpdate, request("PUT", "/x", { token: await bearerFor(admin), body: { obj: { credits: 500 } } }), { id: studio.id });
    expect(edited.status).toBe(200);
    const entries = await db.creditEntry.findMany({ where: { adminId: studio.id } });
    expect(entries.map((e) => e.idempotencyKey?.split(":")[0]).sort()).toEqual(["adjust", "payment", "spend", "upload"]);
    expect(await balance(studio.id)).toBe(mbToBytes(500));
    expect(await ledgerBalance(studio.id, mbToBytes(100))).toBe(mbToBytes(500));
  });
});

describe("the super admin's edit", () => {
  it("is one ledger adjustment, audited as credits.adjust; saving the same value again changes nothing", async () => {
    const studio = await createStudio({ creditsMb: 100 });
    const token = await bearerFor(await createSuperadmin());
    const put = (credits: number) => call(adminUpdate, request("PUT", "/x", { token, body: { obj: { credits } } }), { id: studio.id });
    expect((await put(150)).status).toBe(200);
    expect((await put(150)).status).toBe(200);
    expect((await put(120)).status).toBe(200);
    const entries = await db.creditEntry.findMany({ where: { adminId: studio.id }, orderBy: { createdAt: "asc" } });
    expect(entries.map((e) => [e.type, Number(e.creditBytes / BigInt(MB))])).toEqual([
      ["purchased", 50],
      ["used", 30],
    ]);
    const audits = await db.auditLog.findMany({ where: { targetId: studio.id, action: "credits.adjust" }, orderBy: { createdAt: "asc" } });
    expect(audits.map((a) => a.details)).toEqual([
      { fromMb: 100, toMb: 150 },
      { fromMb: 150, toMb: 120 },
    ]);
    expect(await balance(studio.id)).toBe(mbToBytes(120));
  });
});
