// Test data made through the real database.
import { randomUUID } from "node:crypto";
import { db } from "@/lib/db";
import { hashPassword } from "@/lib/auth/password";
import { mbToBytes } from "@/lib/format";
import type { AdminStatus, Plan, Role } from "@/generated/prisma/enums";

export const TEST_PASSWORD = "correct-horse-battery";
let passwordHash: Promise<string> | undefined;

export type AccountOptions = { role?: Role; status?: AdminStatus; plan?: Plan; creditsMb?: number; name?: string };

export async function createAccount(opts: AccountOptions = {}) {
  const id = randomUUID().slice(0, 8);
  return db.admin.create({
    data: {
      name: opts.name ?? `Studio ${id}`,
      email: `user-${id}@example.test`,
      passwordHash: await (passwordHash ??= hashPassword(TEST_PASSWORD)),
      role: opts.role ?? "admin",
      status: opts.status ?? "ACTIVE",
      plan: opts.plan ?? "ON_DEMAND",
      creditBytes: mbToBytes(opts.creditsMb ?? 0),
      companyName: `Company ${id}`,
    },
  });
}

export const createStudio = (opts: Omit<AccountOptions, "role"> = {}) => createAccount({ ...opts, role: "admin" });
export const createSuperadmin = () => createAccount({ role: "superadmin", plan: "NO_PLAN" });
