import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/generated/prisma/client";
import { db } from "@/lib/db";
import { verifyPassword } from "@/lib/auth/password";
import { mbToBytes } from "@/lib/format";
import { seed, DEFAULT_SUPERADMIN, DEMO_STUDIO } from "@/prisma/seed";
import { createStudio, createSuperadmin } from "../helpers/factories";

async function studioWithContent() {
  const studio = await createStudio({ creditsMb: 100 });
  const folder = await db.folder.create({ data: { name: "F", adminId: studio.id } });
  const gallery = await db.gallery.create({
    data: { name: "G", folderId: folder.id, adminId: studio.id, customUrl: `g-${studio.id}` },
  });
  const video = await db.video.create({
    data: { title: "V", storageKey: `${studio.id}/${folder.id}/${gallery.id}/v.mp4`, galleryId: gallery.id, adminId: studio.id, sizeBytes: BigInt(1234) },
  });
  await db.showcaseItem.create({ data: { galleryId: gallery.id, videoId: video.id, position: 0 } });
  await db.chapter.create({ data: { title: "Chapter 1", cueSeconds: 5, videoId: video.id } });
  await db.creditEntry.create({ data: { adminId: studio.id, type: "purchased", creditBytes: mbToBytes(100), purpose: "Purchased", amountCents: 3500 } });
  await db.payment.create({
    data: { adminId: studio.id, provider: "local", providerSessionId: `cs_${studio.id}`, mode: "payment", plan: "ON_DEMAND", creditBytes: mbToBytes(100), amountCents: 3500 },
  });
  const sa = await createSuperadmin();
  await db.impersonationToken.create({
    data: { tokenHash: `h-${studio.id}`, adminId: studio.id, issuedById: sa.id, expiresAt: new Date(Date.now() + 60000) },
  });
  await db.auditLog.create({ data: { actorId: sa.id, targetId: studio.id, action: "test" } });
  return { studio, folder, gallery, video };
}

describe("data model", () => {
  it("deletes every row of a studio with it, and keeps the audit trail", async () => {
    const { studio } = await studioWithContent();
    await db.admin.delete({ where: { id: studio.id } });
    const where = { adminId: studio.id };
    expect(await db.folder.count({ where })).toBe(0);
    expect(await db.gallery.count({ where })).toBe(0);
    expect(await db.video.count({ where })).toBe(0);
    expect(await db.chapter.count({ where: { video: { adminId: studio.id } } })).toBe(0);
    expect(await db.creditEntry.count({ where })).toBe(0);
    expect(await db.payment.count({ where })).toBe(0);
    expect(await db.impersonationToken.count({ where })).toBe(0);
    expect(await db.auditLog.count({ where: { targetId: studio.id } })).toBe(1);
  });

  it("deletes a folder's galleries, videos, showcase and chapters with it", async () => {
    const { folder, gallery, video } = await studioWithContent();
    await db.folder.delete({ where: { id: folder.id } });
    expect(await db.gallery.count({ where: { id: gallery.id } })).toBe(0);
    expect(await db.video.count({ where: { id: video.id } })).toBe(0);
    expect(await db.showcaseItem.count({ where: { galleryId: gallery.id } })).toBe(0);
    expect(await db.chapter.count({ where: { videoId: video.id } })).toBe(0);
  });

  it("keeps emails, custom urls, domains and payment sessions unique", async () => {
    const { studio, gallery } = await studioWithContent();
    await expect(db.admin.create({ data: { name: "x", email: studio.email, passwordHash: "x" } })).rejects.toMatchObject({ code: "P2002" });
    await expect(db.gallery.create({ data: { name: "x", folderId: gallery.folderId, adminId: studio.id, customUrl: gallery.customUrl } })).rejects.toMatchObject({ code: "P2002" });
    await db.admin.update({ where: { id: studio.id }, data: { domainUrl: `films-${studio.id}.example` } });
    const other = await createStudio();
    await expect(db.admin.update({ where: { id: other.id }, data: { domainUrl: `films-${studio.id}.example` } })).rejects.toMatchObject({ code: "P2002" });
    await expect(
      db.payment.create({ data: { adminId: other.id, provider: "local", providerSessionId: `cs_${studio.id}`, mode: "payment", plan: "PRO", creditBytes: BigInt(1), amountCents: 1 } }),
    ).rejects.toMatchObject({ code: "P2002" });
  });

  it("gives a new account the spec's defaults: Not Active, No Plan, 0 credits, role admin", async () => {
    const a = await db.admin.create({ data: { name: "N", email: `new-${Date.now()}@example.test`, passwordHash: "x" } });
    expect(a).toMatchObject({ status: "NOT_ACTIVE", plan: "NO_PLAN", role: "admin", creditBytes: BigInt(0) });
  });
});

describe("seed", () => {
  const seedDb = () => new PrismaClient({ adapter: new PrismaPg({ connectionString: process.env.DATABASE_URL! }) });

  it("ensures the super admin from SUPERADMIN_EMAIL/PASSWORD, once, and adds the demo studio only to an empty install", async () => {
    const client = seedDb();
    const saved = { ...process.env };
    process.env.SUPERADMIN_EMAIL = "Boss@Example.test";
    process.env.SUPERADMIN_PASSWORD = "boss-password-1";
    try {
      await seed(client, () => {});
      await seed(client, () => {});
      const admins = await client.admin.findMany({ where: { email: "boss@example.test" } });
      expect(admins).toHaveLength(1);
      expect(admins[0].role).toBe("superadmin");
      expect(await verifyPassword(admins[0].passwordHash, "boss-password-1")).toBe(true);
      // Other tests already made studios, so this is not a first run: no demo studio appears.
      expect(await client.admin.count({ where: { email: DEMO_STUDIO.email } })).toBe(0);
    } finally {
      process.env = saved;
      await client.$disconnect();
    }
    expect(DEFAULT_SUPERADMIN.email).toBe("admin@vidfolio.local");
  });
});
