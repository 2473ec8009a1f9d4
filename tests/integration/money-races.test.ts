// The generic money test (#17 (c)): every pair of the transitions that move an upload or credits —
// complete, abort, the expiry sweep, deleting the gallery, a spend, a purchase — raced many times
// on a fresh studio. After each run the upload is in exactly one terminal state that agrees with the
// answers, no reservation is left, the balance equals opening + grants − charges − spends, and the
// ledger equals the store: the objects left are exactly the files of the videos that exist, and what
// was charged for them is their size. No answer is a 500, and every 409 is one of the named conflicts.
import { db } from "@/lib/db";
import { TEXTS } from "@/lib/texts";
import { mbToBytes } from "@/lib/format";
import { listKeys, objectSize } from "@/lib/storage/objects";
import { expireStaleUploads } from "@/lib/services/films/storage-sweep";
import { MB, abort, balance, complete, deleteGallery, paidSession, spend, startWithPart, studioWithGallery, verifySession, type Started } from "../helpers/uploads";

const RUNS = Number(process.env.MONEY_RACE_RUNS || 8);
const OPENING_MB = 10;
const UPLOAD_BYTES = 6 * MB;
const SPEND_MB = 5;

type Op = "complete" | "abort" | "expire" | "deleteGallery" | "spend" | "purchase";
const UPLOAD_OPS: Op[] = ["complete", "abort", "expire", "deleteGallery"];
const PAIRS: [Op, Op][] = [];
for (const [i, a] of UPLOAD_OPS.entries()) for (const b of UPLOAD_OPS.slice(i)) PAIRS.push([a, b]);
for (const b of [...UPLOAD_OPS, "spend", "purchase"] as Op[]) PAIRS.push(["spend", b]);
for (const b of [...UPLOAD_OPS, "purchase"] as Op[]) PAIRS.push(["purchase", b]);

const UPLOAD_CONFLICTS = Object.values(TEXTS.uploadState);
/** What each door may answer in a race (anything else fails the run). */
const ALLOWED: Record<Op, { status: number; messages?: string[] }[]> = {
  complete: [{ status: 200 }, { status: 404 }, { status: 409, messages: UPLOAD_CONFLICTS }],
  abort: [{ status: 200 }, { status: 409, messages: UPLOAD_CONFLICTS }],
  deleteGallery: [{ status: 200 }, { status: 404 }], // 404: the other delete came first
  spend: [{ status: 200 }, { status: 409, messages: [TEXTS.notEnoughCredits] }],
  purchase: [{ status: 200 }],
  expire: [{ status: 200 }],
};

type World = { studio: { id: string }; token: string; gallery: { id: string }; up: Started; sessionId?: string };

/** Each side starts after a random delay of up to JITTER_MS, so either may reach each step first. */
const JITTER_MS = 150;

async function run(op: Op, w: World): Promise<{ status: number; message?: string }> {
  await new Promise((r) => setTimeout(r, Math.random() * JITTER_MS));
  const answer = async (res: Response) => ({ status: res.status, message: res.status === 200 ? undefined : (await res.json()).message });
  switch (op) {
    case "complete":
      return answer(await complete(w.token, w.up));
    case "abort":
      return answer(await abort(w.token, w.up));
    case "deleteGallery":
      return answer(await deleteGallery(w.token, w.gallery.id));
    case "spend":
      return answer(await spend(w.token, w.studio.id, SPEND_MB));
    case "purchase":
      return answer(await verifySession(w.token, w.sessionId!));
    case "expire":
      await expireStaleUploads();
      return { status: 200 };
  }
}

const outcomes: Record<string, Record<string, number>> = {};
afterAll(() =>
  console.log(
    `money races (upload's end state per pair):\n${Object.entries(outcomes)
      .map(([p, o]) => `  ${p}: ${JSON.stringify(o)}`)
      .join("\n")}`,
  ),
);

async function checkRun(pair: [Op, Op], w: World, answers: { status: number; message?: string }[]) {
  const where = `${pair.join(" × ")}: ${JSON.stringify(answers)}`;
  answers.forEach((a, i) => {
    const ok = ALLOWED[pair[i]].some((x) => x.status === a.status && (!x.messages || x.messages.includes(a.message!)));
    if (!ok) throw new Error(`${where}: ${pair[i]} answered ${a.status} ${a.message ?? ""}`);
  });
  // Pairs that never touch the upload leave it open: the studio cancels it now, ending every run.
  if (!pair.some((op) => UPLOAD_OPS.includes(op))) expect((await abort(w.token, w.up)).status).toBe(200);

  const uploads = await db.upload.findMany({ where: { adminId: w.studio.id } });
  expect(uploads).toHaveLength(1);
  const [u] = uploads;
  const tally = (outcomes[pair.join(" × ")] ??= {});
  tally[u.status] = (tally[u.status] ?? 0) + 1;
  // Exactly one terminal state, and the one the answers say.
  expect(["COMPLETED", "CANCELLED", "FAILED", "EXPIRED"]).toContain(u.status);
  expect(u.reservedBytes).toBe(BigInt(0));
  const said = (op: Op, status: number) => pair.some((p, i) => p === op && answers[i].status === status);
  if (u.status === "COMPLETED") expect(said("complete", 200)).toBe(true);
  if (said("complete", 200)) expect(u.status).toBe("COMPLETED");
  if (u.status === "EXPIRED") expect(pair).toContain("expire");
  if (u.status === "CANCELLED") expect(pair.includes("abort") || pair.includes("deleteGallery") || !pair.some((op) => UPLOAD_OPS.includes(op))).toBe(true);
  if (said("abort", 200) && pair.filter((p) => p === "abort").length === 1 && !pair.includes("deleteGallery")) expect(u.status).toBe("CANCELLED");

  // The ledger: one keyed entry per charge, spend and payment; the balance is exactly their sum.
  const entries = await db.creditEntry.findMany({ where: { adminId: w.studio.id } });
  const sum = (prefix: string) => entries.filter((e) => e.idempotencyKey?.startsWith(prefix)).reduce((s, e) => s + e.creditBytes, BigInt(0));
  expect(entries.every((e) => e.idempotencyKey)).toBe(true);
  const charges = sum("upload:");
  expect(charges).toBe(u.status === "COMPLETED" ? u.chargedBytes : BigInt(0));
  expect(entries.filter((e) => e.idempotencyKey!.startsWith("spend:"))).toHaveLength(answers.filter((a, i) => pair[i] === "spend" && a.status === 200).length);
  expect(entries.filter((e) => e.idempotencyKey!.startsWith("payment:"))).toHaveLength(pair.includes("purchase") ? 1 : 0);
  const grants = sum("payment:");
  expect(await balance(w.studio.id)).toBe(mbToBytes(OPENING_MB) + grants - charges - sum("spend:"));
  expect(await balance(w.studio.id)).toBeGreaterThanOrEqual(BigInt(0));

  // The ledger equals the store: the objects left are the files of the videos that exist, and what
  // was charged for them is their size; nothing else of the studio is stored.
  const videos = await db.video.findMany({ where: { adminId: w.studio.id } });
  expect((await listKeys(`${w.studio.id}/`)).sort()).toEqual(videos.map((v) => v.storageKey).sort());
  const stored = (await Promise.all(videos.map((v) => objectSize(v.storageKey)))).reduce<number>((s, n) => s + (n ?? 0), 0);
  expect(BigInt(stored)).toBe(videos.length ? charges : BigInt(0));
  if (videos.length) expect(videos.map((v) => v.storageKey)).toEqual([u.key]);
}

describe(`money transitions raced pairwise, ${RUNS} runs each`, () => {
  it.each(PAIRS)(
    "%s × %s",
    async (a, b) => {
      for (let i = 0; i < RUNS; i++) {
        const { studio, gallery, token } = await studioWithGallery(OPENING_MB);
        const up = await startWithPart(token, gallery.id, UPLOAD_BYTES);
        const w: World = { studio, gallery, token, up };
        if (a === "expire" || b === "expire") await db.upload.update({ where: { key: up.fileName }, data: { createdAt: new Date(Date.now() - 2 * 24 * 3600 * 1000) } });
        if (a === "purchase" || b === "purchase") w.sessionId = await paidSession(token);
        const answers = await Promise.all([run(a, w), run(b, w)]);
        await checkRun([a, b], w, answers);
      }
    },
    60_000,
  );
});
