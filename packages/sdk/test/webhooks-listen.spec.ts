// The local webhook forwarder (npm run webhooks:listen, scripts/webhooks-listen.mjs) against the
// running app: its server-sent-event door through the production server, the listener's lease in the
// database, and each event re-posted to a local receiver, whose signature the SDK's verifyWebhook
// accepts with the secret the forwarder printed. (An event is written as publishEvent writes one for
// a listener: the row, then a NOTIFY naming the studio.)
import http from "node:http";
import path from "node:path";
import { spawn } from "node:child_process";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { createAccount, db, PASSWORD } from "../../../tests/e2e/support";
import { verifyWebhook } from "../src/index";

async function until<T>(what: () => T | Promise<T>, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await what();
    if (v) return v;
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 100));
  }
}

test("npm run webhooks:listen forwards the studio's events, signed, to a local address", async ({ playwright, baseURL }) => {
  const studio = await createAccount({});
  const api = await playwright.request.newContext({ baseURL });
  const token = (await (await api.post("/api/admin/login", { data: { email: studio.email, password: PASSWORD } })).json()).token as string;
  const made = await api.post("/api/keys", { data: { name: "Forwarder", scopes: ["webhooks"] }, headers: { authorization: `Bearer ${token}` } });
  expect(made.status()).toBe(201);
  const key = (await made.json()).key.key as string;
  await api.dispose();

  const received: { body: string; headers: http.IncomingHttpHeaders }[] = [];
  const receiver = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      received.push({ body, headers: req.headers });
      res.writeHead(200).end("thanks");
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  const child = spawn(process.execPath, [path.join(process.cwd(), "scripts/webhooks-listen.mjs"), "--forward-to", hook, "--url", baseURL!], {
    env: { PATH: process.env.PATH ?? "", NODE_ENV: "production", VIDFOLIO_KEY: key },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout.on("data", (c) => (out += c));
  child.stderr.on("data", (c) => (out += c));
  try {
    await until(() => out.includes("Signing secret:"));
    const secret = /Signing secret: (whsec_\S+)/.exec(out)![1];
    expect(await db().webhookListener.count({ where: { adminId: studio.id, expiresAt: { gt: new Date() } } })).toBe(1);

    const object = { id: "film-1", title: "Ceremony", galleryId: null, status: "READY", durationSec: 60, failureCode: null, failureReason: null };
    const event = await db().studioEvent.create({ data: { adminId: studio.id, type: "film.ready", objectId: object.id, payload: object } });
    await db().$executeRaw`SELECT pg_notify('vidfolio_webhook_events', ${studio.id})`;
    await until(() => received.length > 0);
    const [got] = received;
    expect(got.headers["vidfolio-event-id"]).toBe(event.id);
    const verified = await verifyWebhook(got.body, got.headers["vidfolio-signature"] as string, secret);
    expect(verified).toMatchObject({ id: event.id, type: "film.ready", data: { object } });
    await until(() => /film\.ready\s+\S+\s+→ 200/.test(out));
  } finally {
    child.kill("SIGKILL");
    receiver.close();
  }
});
