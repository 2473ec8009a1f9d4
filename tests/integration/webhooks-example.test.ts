/**
 * The worked example (issue 38.5): docs/examples/webhook-receiver.mjs, run as it is by Node, is an
 * endpoint of a studio (WEBHOOKS_ALLOW_PRIVATE=1: it listens on this machine). A guest watches a
 * film past 90 % through the real engagement door; the flush publishes guest.watched; the delivery
 * job sends it; the script verifies its signature and says so on its stdout. The same script
 * refuses a changed body, another secret's signature and a stale timestamp (400), and it will not
 * start without a secret (an empty key is one anyone can sign with; issue 55 item 7).
 */
import path from "node:path";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { db } from "@/lib/db";
import { POST as engagement } from "@/app/api/public/engagement/route";
import { flushEngagement } from "@/lib/services/guests/engagement";
import { forgetGateCache } from "@/lib/services/access/open-gallery";
import { createEndpoint } from "@/lib/services/platform/webhooks/endpoints";
import { attemptDelivery } from "@/lib/services/platform/webhooks/deliver";
import { signatureHeader } from "@/lib/services/platform/rules/webhooks/signature";
import { guestCookieName, inviteToken, newInviteSalt, tokenHash } from "@/lib/auth/guest-link";
import { createFolderWithGallery, createStudio } from "../helpers/factories";
import { call, request } from "../helpers/requests";
import { movableClock } from "../helpers/clock";
import { until } from "../helpers/until";

const SCRIPT = path.join(process.cwd(), "docs/examples/webhook-receiver.mjs");
const BROWSER = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";

let script: ChildProcess | null = null;
let stdout = "";
afterEach(() => {
  script?.kill();
  script = null;
  delete process.env.WEBHOOKS_ALLOW_PRIVATE;
});

/** Starts the example with the endpoint's secret on a free port; its address. */
async function startExample(secret: string): Promise<string> {
  stdout = "";
  const child = spawn(process.execPath, [SCRIPT], { env: { PATH: process.env.PATH, NODE_ENV: "production", VIDFOLIO_WEBHOOK_SECRET: secret, PORT: "0" }, stdio: ["ignore", "pipe", "inherit"] });
  script = child;
  child.stdout!.on("data", (c: Buffer) => (stdout += c.toString()));
  await until(async () => /listening on \d+/.test(stdout), 10_000, 50);
  return `http://127.0.0.1:${/listening on (\d+)/.exec(stdout)![1]}/vidfolio`;
}

it("reacts to guest.watched sent by the app when a guest passes 90 % of a film", async () => {
  process.env.WEBHOOKS_ALLOW_PRIVATE = "1";
  forgetGateCache();
  await flushEngagement();
  const studio = await createStudio();
  const { gallery, videos } = await createFolderWithGallery(studio.id, { videos: 1 });
  await db.video.update({ where: { id: videos[0].id }, data: { durationSec: 60, title: "Anna & James" } });
  const inviteId = randomUUID();
  const salt = newInviteSalt();
  const token = inviteToken(inviteId, salt);
  await db.galleryInvite.create({ data: { id: inviteId, galleryId: gallery.id, adminId: studio.id, name: "Anna", email: `anna-${inviteId}@example.test`, salt, tokenHash: tokenHash(token) } });
  // The endpoint is made first (the secret is shown once), then the script started with it.
  const endpoint = await createEndpoint(studio, { url: "http://127.0.0.1:1/placeholder", events: ["guest.watched"] });
  const url = await startExample(endpoint.secret);
  await db.webhookEndpoint.update({ where: { id: endpoint.id }, data: { url } });

  const clock = movableClock();
  try {
    const cookie = `${guestCookieName(gallery.id)}=${token}`;
    for (const [from, to] of [
      [0, 30],
      [30, 58],
    ]) {
      clock.advance((to - from) * 1000);
      const res = await call(
        engagement,
        request("POST", "/api/public/engagement", { body: { gallery: gallery.customUrl, videoId: videos[0].id, ranges: [[from, to]] }, cookie, headers: { "user-agent": BROWSER } }),
      );
      expect(res.status).toBe(204);
    }
  } finally {
    clock.restore();
  }
  await flushEngagement();
  const [delivery] = await db.webhookDelivery.findMany({ where: { endpointId: endpoint.id } });
  expect(await attemptDelivery(delivery.id)).toBe("delivered");
  await until(async () => stdout.includes("guest.watched:"), 5000, 50);
  expect(stdout).toContain('guest.watched: Anna watched 97 % of "Anna & James"');
  expect(await db.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).toMatchObject({ status: "delivered", lastStatus: 200, responseExcerpt: "ok" });
});

it("refuses (400) a changed body, another secret's signature, a stale timestamp and no signature", async () => {
  const secret = "whsec_example_secret";
  const url = await startExample(secret);
  const body = JSON.stringify({ id: "evt_1", type: "guest.watched", created: new Date().toISOString(), data: { object: { viewer: { name: "Eve" }, film: { title: "F" }, watchedPercent: 91 } } });
  const now = Math.floor(Date.now() / 1000);
  const send = (b: string, signature?: string) => fetch(url, { method: "POST", body: b, headers: signature ? { "vidfolio-signature": signature } : {} }).then((r) => r.status);
  expect(await send(body, signatureHeader(secret, body, now))).toBe(200);
  expect(await send(body.replace("Eve", "Mallory"), signatureHeader(secret, body, now))).toBe(400);
  expect(await send(body, signatureHeader("whsec_other", body, now))).toBe(400);
  expect(await send(body, signatureHeader(secret, body, now - 600))).toBe(400);
  expect(await send(body)).toBe(400);
  expect(stdout.match(/guest\.watched:/g)).toHaveLength(1);
});

it("refuses to start without a signing secret (an empty or blank one too): a clear message and a non-zero exit", () => {
  for (const secret of [undefined, "", "  "]) {
    const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, NODE_ENV: "production", PORT: "0", ...(secret === undefined ? {} : { VIDFOLIO_WEBHOOK_SECRET: secret }) };
    const run = spawnSync(process.execPath, [SCRIPT], { env, encoding: "utf8", timeout: 10_000 });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("VIDFOLIO_WEBHOOK_SECRET is not set");
    expect(run.stdout).not.toMatch(/listening/);
  }
});

it("with a secret, refuses a delivery signed with an empty key", async () => {
  const secret = "whsec_example_secret";
  const url = await startExample(secret);
  const body = JSON.stringify({ id: "evt_2", type: "guest.watched", created: new Date().toISOString(), data: { object: { viewer: { name: "Eve" }, film: { title: "F" }, watchedPercent: 91 } } });
  const now = Math.floor(Date.now() / 1000);
  const send = (signature: string) => fetch(url, { method: "POST", body, headers: { "vidfolio-signature": signature } }).then((r) => r.status);
  expect(await send(signatureHeader("", body, now))).toBe(400);
  expect(await send(signatureHeader(secret, body, now))).toBe(200);
});
