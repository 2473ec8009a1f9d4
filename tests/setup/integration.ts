import { db } from "@/lib/db";

afterAll(async () => {
  await db.$disconnect();
});

// The local mail outbox logs every message; keep the test output readable.
beforeAll(() => {
  jest.spyOn(console, "info").mockImplementation(() => {});
});

jest.setTimeout(30_000);
