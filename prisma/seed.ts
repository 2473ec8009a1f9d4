// Seeds what a fresh install needs: the super admin (always ensured) and, on first run, one active
// demo studio with credits, a folder and a gallery. Safe to run on every start.
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "../generated/prisma/client";
import { hashPassword } from "../lib/auth/password";
import { mbToBytes } from "../lib/format";

export const DEFAULT_SUPERADMIN = { email: "admin@vidfolio.local", password: "admin-demo-123" };
export const DEMO_STUDIO = { email: "studio@vidfolio.local", password: "studio-demo-123", name: "Demo Studio" };

export async function seed(db: PrismaClient, log: (line: string) => void = console.log) {
  const email = (process.env.SUPERADMIN_EMAIL || DEFAULT_SUPERADMIN.email).toLowerCase();
  const existing = await db.admin.findUnique({ where: { email } });
  if (!existing) {
    await db.admin.create({
      data: {
        name: "Super Admin",
        email,
        passwordHash: await hashPassword(process.env.SUPERADMIN_PASSWORD || DEFAULT_SUPERADMIN.password),
        role: "superadmin",
        status: "ACTIVE",
      },
    });
    log(`seed: super admin ${email} created`);
  } else if (existing.role !== "superadmin") {
    throw new Error(`SUPERADMIN_EMAIL ${email} belongs to a studio account`);
  }

  if (process.env.SEED_DEMO === "false") return;
  const studios = await db.admin.count({ where: { role: "admin" } });
  if (studios > 0) return;

  const credits = mbToBytes(25 * 1024);
  const studio = await db.admin.create({
    data: {
      name: DEMO_STUDIO.name,
      email: DEMO_STUDIO.email,
      passwordHash: await hashPassword(DEMO_STUDIO.password),
      status: "ACTIVE",
      plan: "ON_DEMAND",
      creditBytes: credits,
      companyName: "Golden Hour Films",
      websiteUrl: "https://goldenhour.example",
      companySize: "2-5",
      mediaType: ["Weddings & Life-Events"],
      jobType: "Video only",
      numberOfClients: "11-50",
      projectSize: "10-25GB",
      deliveryType: ["USB"],
      creditEntries: { create: { type: "purchased", creditBytes: credits, purpose: "Demo credits", amountCents: 0 } },
    },
  });
  const folder = await db.folder.create({ data: { name: "Weddings 2026", adminId: studio.id } });
  await db.gallery.create({
    data: {
      name: "Emma & James",
      title: "Emma & James",
      subtitle: "June 14, 2026 · Lake Como",
      folderId: folder.id,
      adminId: studio.id,
      customUrl: "emma-and-james",
    },
  });
  log(`seed: demo studio ${DEMO_STUDIO.email} created with a folder and a gallery`);
}

async function main() {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set");
  const db = new PrismaClient({ adapter: new PrismaPg({ connectionString: url }) });
  try {
    await seed(db);
  } finally {
    await db.$disconnect();
  }
}

if (process.argv[1]?.endsWith("seed.ts")) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
