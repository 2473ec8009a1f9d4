// A Vidfolio webhook receiver in plain Node (no packages): it checks each delivery's signature and
// reacts to guest.watched. Run: VIDFOLIO_WEBHOOK_SECRET=whsec_… PORT=4000 node webhook-receiver.mjs
import http from "node:http";
import { createHmac, timingSafeEqual } from "node:crypto";

const SECRET = process.env.VIDFOLIO_WEBHOOK_SECRET ?? "";
// Without the endpoint's secret every signature would be checked against an empty key, which
// anyone can sign with: refuse to start instead.
if (!SECRET.trim()) {
  console.error("VIDFOLIO_WEBHOOK_SECRET is not set: give the endpoint's signing secret (whsec_…, shown once when the endpoint is made).");
  process.exit(1);
}
const TOLERANCE_SEC = 300; // refuse deliveries signed more than 5 minutes from our clock (replays)
const seen = new Set(); // event ids handled: a delivery may come more than once (at least once)

/** Vidfolio-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>"> */
function verify(rawBody, header) {
  const parts = Object.fromEntries((header ?? "").split(",").map((p) => p.trim().split("=")));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || !/^[0-9a-f]{64}$/.test(parts.v1 ?? "")) return false;
  if (Math.abs(Date.now() / 1000 - t) > TOLERANCE_SEC) return false;
  const expected = createHmac("sha256", SECRET).update(`${t}.${rawBody}`).digest();
  return timingSafeEqual(expected, Buffer.from(parts.v1, "hex")); // constant time
}

const server = http.createServer((req, res) => {
  const chunks = [];
  req.on("data", (c) => chunks.push(c));
  req.on("end", () => {
    const raw = Buffer.concat(chunks).toString("utf8"); // verify the bytes as sent, before parsing
    if (req.method !== "POST" || !verify(raw, req.headers["vidfolio-signature"])) {
      res.writeHead(400).end("bad signature");
      return;
    }
    const event = JSON.parse(raw);
    if (event.type === "guest.watched" && !seen.has(event.id)) {
      seen.add(event.id);
      const { viewer, film, watchedPercent } = event.data.object;
      console.log(`guest.watched: ${viewer.name ?? "A guest"} watched ${watchedPercent} % of "${film.title}"`);
    }
    res.writeHead(200).end("ok"); // answer 2xx quickly; do slow work after
  });
});
server.listen(Number(process.env.PORT ?? 4000), () => console.log(`listening on ${server.address().port}`));
