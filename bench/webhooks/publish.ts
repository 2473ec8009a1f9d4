// The bench's publisher (bench/webhooks/run.mjs runs it with tsx, as the worker runs): one endpoint
// for the studio BENCH_ADMIN pointed at BENCH_URL, then BENCH_EVENTS events through the app's own
// emitEvent (the outbox and the dispatch), BENCH_PER_OBJECT per object so order per object is
// exercised. Prints one JSON line: { endpointId, published, ms }.
import { createEndpoint } from "@/lib/services/platform/webhooks/endpoints";
import { emitEvent } from "@/lib/services/platform/webhooks/publish";
import { stopQueue } from "@/lib/jobs/queue";

/** A film.ready object whose title is its place in its object's sequence (run.mjs checks the order by it). */
const filmWithSeq = (id: string, seq: number) => ({ id, title: String(seq), galleryId: null, status: "READY" as const, durationSec: null, failureCode: null, failureReason: null });

async function main() {
  const adminId = process.env.BENCH_ADMIN!;
  const total = Number(process.env.BENCH_EVENTS ?? 10_000);
  const perObject = Number(process.env.BENCH_PER_OBJECT ?? 10);
  // BENCH_ENDPOINT: a second wave goes to the first wave's endpoint; BENCH_PREFIX names its objects apart.
  const endpoint = process.env.BENCH_ENDPOINT
    ? { id: process.env.BENCH_ENDPOINT }
    : await createEndpoint({ id: adminId, email: "bench@vidfolio.local" }, { url: process.env.BENCH_URL!, events: ["film.ready"] });
  const prefix = process.env.BENCH_PREFIX ?? "film";
  const started = performance.now();
  const objects = Math.ceil(total / perObject);
  // Round-robin over the objects: each object's events are spread over the run, as real ones are.
  for (let i = 0; i < total; i++) await emitEvent({ adminId, type: "film.ready", object: filmWithSeq(`${prefix}-${i % objects}`, Math.floor(i / objects)) });
  console.log(JSON.stringify({ endpointId: endpoint.id, published: total, ms: Math.round(performance.now() - started) }));
  await stopQueue();
  process.exit(0);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
