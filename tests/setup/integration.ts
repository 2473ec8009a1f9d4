import { db } from "@/lib/db";

afterAll(async () => {
  await db.$disconnect();
});

// The local mail outbox logs every message; keep the test output readable.
beforeAll(() => {
  jest.spyOn(console, "info").mockImplementation(() => {});
});

jest.setTimeout(30_000);

// Services queue jobs through pg-boss; stop it so the test process can exit.
afterAll(async () => {
  const { stopQueue } = await import("@/lib/jobs/queue");
  await stopQueue();
  // A live review stream's listener (lib/services/review/review-events.ts) holds a connection of its own.
  const { closeReviewBus } = await import("@/lib/services/review/review-events");
  await closeReviewBus();
  // So does the activity feed's (lib/services/platform/activity/feed.ts).
  const { closeActivityBus } = await import("@/lib/services/platform/activity/feed");
  await closeActivityBus();
});

// And the local webhook forwarder's stream (lib/services/platform/webhooks/listen.ts).
afterAll(async () => {
  const { closeListenBus } = await import("@/lib/services/platform/webhooks/listen");
  await closeListenBus();
});
