// The statements the app's database client sends while a function runs: a client that reports
// Prisma's own query events is swapped in for the app's (lib/db.ts reads globalThis.prisma on
// each use) and swapped back after.
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/generated/prisma/client";
import { db } from "@/lib/db";

const holder = globalThis as unknown as { prisma?: PrismaClient };
let logging: PrismaClient | undefined;
const statements: string[] = [];

function loggingClient(): PrismaClient {
  if (!logging) {
    const client = new PrismaClient({ adapter: new PrismaPg({ connectionString: process.env.DATABASE_URL!, max: 4 }), log: [{ emit: "event", level: "query" }] });
    client.$on("query", (e) => statements.push(e.query));
    logging = client as unknown as PrismaClient;
  }
  return logging;
}

/** The SQL statements the app's client sends while `fn` runs. */
export async function statementsOf(fn: () => Promise<unknown>): Promise<string[]> {
  await db.$connect();
  const appClient = holder.prisma;
  statements.length = 0;
  holder.prisma = loggingClient();
  try {
    await fn();
  } finally {
    holder.prisma = appClient;
  }
  return [...statements];
}

/** Closes the logging client (afterAll of a file that used statementsOf). */
export async function closeStatementLog(): Promise<void> {
  await logging?.$disconnect();
  logging = undefined;
}
