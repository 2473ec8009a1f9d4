#!/usr/bin/env node
// The local webhook forwarder, as `stripe listen`: receives the studio's events without a public
// https address and re-posts each, signed as sent, to a local address.
//
//   VIDFOLIO_KEY=vf_key_… npm run webhooks:listen -- --forward-to http://localhost:4000/hook [--events film.ready,comment.created] [--url https://app.vidfolio.example]
//
// It holds GET /api/webhooks/listen open with a key that has the `webhooks` scope (docs/api.md,
// "Webhooks on your machine"), prints the signing secret the deliveries are signed with (the same
// for this key every run: set it in your receiver once), and forwards each delivery's exact body
// with its Content-Type, Vidfolio-Signature and Vidfolio-Event-Id headers. It reconnects by itself
// (resuming after the last event received) until stopped with Ctrl-C.
import { parseArgs } from "node:util";
import { createParser } from "eventsource-parser";

const { values } = parseArgs({
  options: {
    "forward-to": { type: "string" },
    events: { type: "string" },
    url: { type: "string" },
    key: { type: "string" },
    help: { type: "boolean", short: "h" },
  },
});

const usage = "Usage: VIDFOLIO_KEY=vf_key_… npm run webhooks:listen -- --forward-to <local url> [--events a,b] [--url <Vidfolio address>]";
if (values.help) {
  console.log(usage);
  process.exit(0);
}
const forwardTo = values["forward-to"];
const key = values.key ?? process.env.VIDFOLIO_KEY;
const base = (values.url ?? process.env.VIDFOLIO_URL ?? process.env.APP_URL ?? "http://localhost:3000").replace(/\/+$/, "");
if (!forwardTo || !key) {
  console.error(`${!forwardTo ? "--forward-to is required." : "An API key with the webhooks scope is required (VIDFOLIO_KEY or --key)."}\n${usage}`);
  process.exit(2);
}
try {
  new URL(forwardTo);
} catch {
  console.error(`--forward-to must be a full address, such as http://localhost:4000/hook.\n${usage}`);
  process.exit(2);
}

const stop = new AbortController();
process.on("SIGINT", () => stop.abort());
process.on("SIGTERM", () => stop.abort());

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const time = () => new Date().toLocaleTimeString();

let lastEventId = null;
let secretShown = null;

/** Re-posts one delivery to the local address; prints how it went. */
async function forward(delivery) {
  const started = performance.now();
  try {
    const res = await fetch(forwardTo, { method: "POST", body: delivery.body, headers: delivery.headers, redirect: "manual", signal: AbortSignal.timeout(10_000) });
    await res.arrayBuffer().catch(() => {});
    console.log(`${time()}  ${delivery.type}  ${delivery.id}  → ${res.status} (${Math.round(performance.now() - started)} ms)`);
  } catch (err) {
    console.log(`${time()}  ${delivery.type}  ${delivery.id}  → not delivered: ${err.cause?.code ?? err.message}`);
  }
}

/** One connection: streams until it ends. Returns the wait before the next, or throws to stop. */
async function listenOnce() {
  const query = new URLSearchParams(values.events ? { events: values.events } : {});
  const res = await fetch(`${base}/api/webhooks/listen${query.size ? `?${query}` : ""}`, {
    headers: { authorization: `Bearer ${key}`, accept: "text/event-stream", ...(lastEventId ? { "last-event-id": lastEventId } : {}) },
    signal: stop.signal,
  });
  if (res.status === 429) return Number(res.headers.get("retry-after") ?? 5) * 1000;
  if (!res.ok || !res.body) {
    const answer = await res.json().catch(() => ({}));
    const error = new Error(`Vidfolio refused the stream: ${res.status} ${answer.code ?? ""} ${answer.message ?? ""}`.trim());
    error.fatal = res.status >= 400 && res.status < 500;
    throw error;
  }
  const secret = res.headers.get("vidfolio-listen-secret");
  if (secret !== secretShown) {
    secretShown = secret;
    console.log(`Ready. Forwarding the studio's events to ${forwardTo}.`);
    console.log(`Signing secret: ${secret} (the same for this key every run: your receiver verifies Vidfolio-Signature with it)`);
  }
  // Deliveries are forwarded one after the other, in the order they happened.
  let queue = Promise.resolve();
  const parser = createParser({
    onEvent(message) {
      if (message.id) lastEventId = message.id;
      if (message.event !== "delivery") return;
      const delivery = JSON.parse(message.data);
      queue = queue.then(() => forward(delivery));
    },
  });
  const decoder = new TextDecoder();
  for await (const chunk of res.body) parser.feed(decoder.decode(chunk, { stream: true }));
  await queue;
  return 0;
}

let failures = 0;
while (!stop.signal.aborted) {
  try {
    const wait = await listenOnce();
    failures = 0;
    if (wait > 0) await sleep(wait);
  } catch (err) {
    if (stop.signal.aborted) break;
    if (err.fatal) {
      console.error(err.message);
      process.exit(1);
    }
    failures += 1;
    const wait = Math.min(1000 * 2 ** (failures - 1), 10_000);
    console.error(`${time()}  connection lost (${err.cause?.code ?? err.message}); reconnecting in ${wait / 1000} s`);
    await sleep(wait);
  }
}
