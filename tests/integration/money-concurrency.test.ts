// 100 concurrent money operations on one studio — purchases (paid and verified, some twice), a
// webhook-style replay of verifications, credit spends and uploads racing for what is there — leave
// the ledger and the balance in agreement and the balance never below zero.
import { POST as makePayment } from "@/app/api/admin/makepayment/route";
import { GET as verify } from "@/app/api/admin/verify-session/[sessionId]/route";
import { PUT as updatePlan } from "@/app/api/admin/update-plan/[adminId]/route";
import { POST as localPay } from "@/app/api/payments/local/[sessionId]/pay/route";
import { POST as start } from "@/app/api/products/start-multipart-upload/route";
import { GET as partUrl } from "@/app/api/products/get-part-url/route";
import { POST as complete } from "@/app/api/products/complete-multipart-upload/route";
import { POST as abort } from "@/app/api/products/abort-multipart-upload/route";
import { db } from "@/lib/db";
import { TEXTS } from "@/lib/texts";
import { spendCredits } from "@/lib/services/money/payments";
import { createStudio } from "../helpers/factories";
import { bearerFor, call, request } from "../helpers/requests";

const MB = 1024 * 1024;
const q = (o: Record<string, string | number>) => new URLSearchParams(Object.entries(o).map(([k, v]) => [k, String(v)]));

test("100 concurrent purchases, verifications, spends and uploads keep ledger and balance in agreement, never negative", async () => {
  const studio = await createStudio({ plan: "NO_PLAN", creditsMb: 10 * 1024 });
  const token = await bearerFor(studio);
  const folder = await db.folder.create({ data: { name: "F", adminId: studio.id } });
  const gallery = await db.gallery.create({ data: { name: "G", folderId: folder.id, adminId: studio.id, customUrl: `money-${studio.id}` } });
  const statuses: Record<string, number[]> = { purchase: [], spend: [], upload: [] };
  /** Every answer by door, with the code and message of each refusal: which 409s are allowed is asserted below. */
  const answers: Record<"verify" | "spend" | "start" | "complete" | "abort", { status: number; code?: string; message?: string }[]> = { verify: [], spend: [], start: [], complete: [], abort: [] };
  const note = async (door: keyof typeof answers, res: Response) => {
    const refusal = res.status >= 400 ? ((await res.clone().json()) as { code: string; message: string }) : null;
    answers[door].push(refusal ? { status: res.status, code: refusal.code, message: refusal.message } : { status: res.status });
    return res;
  };
  let lowest = 0n;
  let watching = true;
  const watcher = (async () => {
    while (watching) {
      const { creditBytes } = await db.admin.findUniqueOrThrow({ where: { id: studio.id }, select: { creditBytes: true } });
      if (creditBytes < lowest) lowest = creditBytes;
      await new Promise((r) => setTimeout(r, 5));
    }
  })();

  async function purchase(i: number) {
    const { url } = await (await call(makePayment, request("POST", "/x", { token, body: { mode: "payment", credits: 5 } }))).json();
    const sessionId = url.split("/").pop();
    await call(localPay, request("POST", "/x", { token }), { sessionId });
    // The success page and a retry (or the webhook) verify the same session at once.
    const verified = await Promise.all([0, 1, ...(i % 3 === 0 ? [2] : [])].map(async () => note("verify", await call(verify, request("GET", "/x", { token }), { sessionId }))));
    statuses.purchase.push(...verified.map((r) => r.status));
  }

  async function spend() {
    const res = await note("spend", await call(updatePlan, request("PUT", "/x", { token, body: { type: "used", credits: 4 * 1024, purpose: "concurrency test" } }), { adminId: studio.id }));
    statuses.spend.push(res.status);
  }

  async function upload(i: number) {
    // 4 MB (a part's bytes really go through the store): the size only has to be charged; 40 MB
    // each made the 22 uploads write 880 MB, which on a busy 2-core machine held every money door
    // past the pool's 10 s wait (503) without testing anything more.
    const size = 4 * MB + i;
    const started = await note("start", await call(start, request("POST", `/x?${q({ fileName: `film-${i}.mp4`, fileType: "video/mp4", fileSize: size, galleryId: gallery.id })}`, { token })));
    statuses.upload.push(started.status);
    if (started.status !== 200) return;
    const { uploadId, fileName } = await started.json();
    if (i % 4 === 0) {
      await note("abort", await call(abort, request("POST", "/x", { token, body: { fileName, uploadId } })));
      return;
    }
    const part = await call(partUrl, request("GET", `/x?${q({ fileName, uploadId, partNumber: 1 })}`, { token }));
    if (part.status !== 200) throw new Error(`get-part-url answered ${part.status}: ${await part.text()}`);
    const { url } = await part.json();
    const put = await fetch(url, { method: "PUT", body: new Uint8Array(size) });
    const done = await note("complete", await call(complete, request("POST", "/x", { token, body: { fileName, uploadId, parts: [{ ETag: put.headers.get("etag"), PartNumber: 1 }] } })));
    statuses.upload.push(done.status);
  }

  const ops = [...Array.from({ length: 40 }, (_, i) => () => purchase(i)), ...Array.from({ length: 30 }, () => spend), ...Array.from({ length: 30 }, (_, i) => () => upload(i))].sort(
    () => Math.random() - 0.5,
  );
  // All at once, each after a random short delay, so purchases, spends and uploads interleave.
  try {
    await Promise.all(
      ops.map(async (op) => {
        await new Promise((r) => setTimeout(r, Math.random() * 1500));
        await op();
      }),
    );
  } finally {
    watching = false; // a failed operation must not leave the watcher polling (it held the suite's end)
    await watcher;
  }

  // Every answer is a success or one named refusal: a spend may find too few credits, an upload's
  // start too few to reserve. Nothing else may be refused: a verification always applies (once), and
  // an upload that reserved its size always completes (no spend can take its reservation) or cancels.
  const refusals = (door: keyof typeof answers) => answers[door].filter((a) => a.status !== 200);
  expect(refusals("verify")).toEqual([]);
  expect(refusals("complete")).toEqual([]);
  expect(refusals("abort")).toEqual([]);
  for (const a of refusals("spend")) expect(a).toEqual({ status: 409, code: "not_enough_credits", message: TEXTS.notEnoughCredits });
  for (const a of refusals("start")) expect(a).toEqual({ status: 409, code: "not_enough_credits", message: TEXTS.notEnoughCreditsUpload });
  expect(answers.verify.length).toBeGreaterThanOrEqual(80);
  expect(answers.spend).toHaveLength(30);
  expect(answers.start).toHaveLength(30);
  const count = (list: number[], s: number) => list.filter((x) => x === s).length;
  console.log(`money: spends ${count(statuses.spend, 200)} ok / ${count(statuses.spend, 409)} refused; upload calls ${count(statuses.upload, 200)} ok / ${count(statuses.upload, 409)} refused`);
  // The opening 10 GB pays for two 4 GB spends whatever the order: spends really race the rest.
  expect(count(statuses.spend, 200)).toBeGreaterThanOrEqual(2);

  const admin = await db.admin.findUniqueOrThrow({ where: { id: studio.id } });
  const ledger = await db.creditEntry.findMany({ where: { adminId: studio.id } });
  const purchased = ledger.filter((e) => e.type === "purchased").reduce((a, e) => a + e.creditBytes, 0n);
  const used = ledger.filter((e) => e.type === "used").reduce((a, e) => a + e.creditBytes, 0n);
  // Each paid session is applied once, however many verifications raced.
  expect(ledger.filter((e) => e.type === "purchased")).toHaveLength(40);
  expect(purchased).toBe(BigInt(40 * 25 * 1024) * BigInt(MB));
  const opening = BigInt(10 * 1024) * BigInt(MB); // given at creation, before the ledger
  expect(admin.creditBytes).toBe(opening + purchased - used);
  expect(admin.creditBytes >= 0n).toBe(true);
  expect(lowest >= 0n).toBe(true);
  // Nothing stays reserved: every upload completed or was cancelled.
  const open = await db.upload.aggregate({ where: { adminId: studio.id, status: "RESERVED" }, _sum: { reservedBytes: true } });
  expect(open._sum.reservedBytes ?? 0n).toBe(0n);
  const completed = await db.upload.count({ where: { adminId: studio.id, status: "COMPLETED" } });
  expect(ledger.filter((e) => e.type === "used" && e.purpose?.startsWith("Video upload: "))).toHaveLength(completed);
}, 120_000);

test("a spend while every pooled connection is in a 3 s transaction waits for one instead of failing", async () => {
  const studio = await createStudio({ plan: "NO_PLAN", creditsMb: 1024 });
  // The pool holds 10 connections (lib/db.ts): all ten in transactions for 3 s, longer than
  // Prisma's default 2 s wait for a transaction to start ("Unable to start a transaction in the
  // given time", which a request answers 503). (.then: a Prisma call runs once something awaits it.)
  const busy = Array.from({ length: 10 }, () => db.$transaction((tx) => tx.$queryRaw`SELECT pg_sleep(3)::text`).then(() => {}));
  await new Promise((r) => setTimeout(r, 200));
  const started = Date.now();
  // The service itself: through the route, the sign-in's plain queries would take the wait first.
  const spent = await spendCredits(studio, 100, "busy pool");
  const waited = Date.now() - started;
  await Promise.all(busy);
  expect(spent.credits).toBe(924);
  expect(waited).toBeGreaterThan(2000); // it really waited past Prisma's default
}, 30_000);
