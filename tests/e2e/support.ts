// Prepares accounts in the e2e server's database and signs in through the real forms.
import fs from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { expect, type Page } from "@playwright/test";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "../../generated/prisma/client";
import { hashPassword } from "../../lib/auth/password";
import type { AdminStatus, Plan, Role } from "../../generated/prisma/enums";

export const PASSWORD = "e2e-password-123";
export const DEMO = { email: "studio@vidfolio.local", password: "studio-demo-123", name: "Demo Studio" };
export const SUPERADMIN = { email: "admin@vidfolio.local", password: "admin-demo-123" };

let client: PrismaClient | undefined;
export function db(): PrismaClient {
  if (!client) {
    const env = JSON.parse(fs.readFileSync(path.resolve(".data/e2e/env.json"), "utf8"));
    client = new PrismaClient({ adapter: new PrismaPg({ connectionString: env.DATABASE_URL }) });
  }
  return client;
}

export async function createAccount(opts: { role?: Role; status?: AdminStatus; plan?: Plan; creditBytes?: bigint } = {}) {
  const id = randomUUID().slice(0, 8);
  return db().admin.create({
    data: {
      name: `E2E Studio ${id}`,
      email: `e2e-${id}@example.test`,
      passwordHash: await hashPassword(PASSWORD),
      role: opts.role ?? "admin",
      status: opts.status ?? "ACTIVE",
      plan: opts.plan ?? "ON_DEMAND",
      creditBytes: opts.creditBytes ?? BigInt(0),
    },
  });
}

export async function signIn(page: Page, email: string, password: string, at = "/login") {
  await page.goto(at);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

export async function expectPath(page: Page, pathname: string) {
  await expect.poll(() => new URL(page.url()).pathname).toBe(pathname);
}

/** A fresh studio, signed in through the form, on its folder view. */
export async function signInNewStudio(page: Page) {
  const studio = await createAccount();
  await signIn(page, studio.email, PASSWORD);
  await expectPath(page, "/studio/galleries");
  return studio;
}

/** A folder with one gallery (default settings) for the studio, made straight in the database. */
export async function seedGallery(adminId: string, opts: { folderName?: string; galleryName?: string } = {}) {
  const id = randomUUID().slice(0, 8);
  const folder = await db().folder.create({ data: { name: opts.folderName ?? `Folder ${id}`, adminId } });
  const gallery = await db().gallery.create({
    data: {
      name: opts.galleryName ?? `Gallery ${id}`,
      title: `Title ${id}`,
      subtitle: "A subtitle",
      folderId: folder.id,
      adminId,
      customUrl: `e2e-${id}`,
    },
  });
  return { folder, gallery };
}
