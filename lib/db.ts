// The one Prisma client of the process, over the pg driver adapter. Created on first use, so that
// importing this module (for example while `next build` collects pages) needs no database.
import "@/lib/server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient, type Prisma } from "@/generated/prisma/client";
import { env } from "@/lib/env";

const globalForPrisma = globalThis as unknown as { prisma?: PrismaClient };

function client(): PrismaClient {
  if (!globalForPrisma.prisma) {
    // Bounded waits: while the database is down or stalled a request fails within seconds (503)
    // instead of hanging, and the pool reconnects by itself when the database is back.
    const adapter = new PrismaPg({
      connectionString: env().DATABASE_URL,
      max: 10,
      connectionTimeoutMillis: 10_000,
      query_timeout: 20_000,
      idleTimeoutMillis: env().DATABASE_POOL_IDLE_SECONDS * 1000,
    });
    // A transaction waits for a connection as long as a plain query does (Prisma's own default is
    // 2 s, so a burst of money operations queued on one studio's row answered 503 while the pool
    // was merely busy), and may run as long as one query may.
    globalForPrisma.prisma = new PrismaClient({ adapter, transactionOptions: { maxWait: 10_000, timeout: 20_000 } });
  }
  return globalForPrisma.prisma;
}

export const db: PrismaClient = new Proxy({} as PrismaClient, {
  get(_target, prop) {
    const c = client();
    const value = Reflect.get(c, prop, c);
    return typeof value === "function" ? value.bind(c) : value;
  },
});

export type { Prisma } from "@/generated/prisma/client";

/** The client a transaction hands its callback: what every service that writes inside the caller's transaction takes. */
export type Tx = Prisma.TransactionClient;
