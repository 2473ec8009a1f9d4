// Uploads driven through the real route handlers and the real store, as the browser does them, and
// the money calls that race them.
import { POST as startRoute } from "@/app/api/products/start-multipart-upload/route";
import { GET as partUrlRoute } from "@/app/api/products/get-part-url/route";
import { POST as completeRoute } from "@/app/api/products/complete-multipart-upload/route";
import { POST as abortRoute } from "@/app/api/products/abort-multipart-upload/route";
import { PUT as updatePlan } from "@/app/api/admin/update-plan/[adminId]/route";
import { POST as makePayment } from "@/app/api/admin/makepayment/route";
import { GET as verify } from "@/app/api/admin/verify-session/[sessionId]/route";
import { POST as localPay } from "@/app/api/payments/local/[sessionId]/pay/route";
import { DELETE as deleteGalleryRoute } from "@/app/api/galleries/gallery/[id]/route";
import { db } from "@/lib/db";
import { createStudio } from "./factories";
import { bearerFor, call, request } from "./requests";

export const MB = 1024 * 1024;
export const q = (o: Record<string, string | number>) => new URLSearchParams(Object.entries(o).map(([k, v]) => [k, String(v)]));

export async function studioWithGallery(creditsMb = 100) {
  const studio = await createStudio({ creditsMb });
  const folder = await db.folder.create({ data: { name: "F", adminId: studio.id } });
  const gallery = await db.gallery.create({ data: { name: "G", folderId: folder.id, adminId: studio.id, customUrl: `race-${studio.id}` } });
  return { studio, folder, gallery, token: await bearerFor(studio) };
}

export type Started = { uploadId: string; fileName: string; parts: { ETag: string; PartNumber: number }[] };

/** Starts an upload declaring `declared` bytes and stores one part of `stored` bytes (ready to complete). */
export async function startWithPart(token: string, galleryId: string, declared: number, stored = declared): Promise<Started> {
  const res = await call(startRoute, request("POST", `/x?${q({ fileName: "film.mp4", fileType: "video/mp4", fileSize: declared, galleryId })}`, { token }));
  if (res.status !== 200) throw new Error(`start answered ${res.status}: ${await res.text()}`);
  const { uploadId, fileName } = await res.json();
  const { url } = await (await call(partUrlRoute, request("GET", `/x?${q({ fileName, uploadId, partNumber: 1 })}`, { token }))).json();
  const put = await fetch(url, { method: "PUT", body: new Uint8Array(stored) });
  if (put.status !== 200) throw new Error(`part PUT answered ${put.status}`);
  return { uploadId, fileName, parts: [{ ETag: put.headers.get("etag")!, PartNumber: 1 }] };
}

export const startUpload = (token: string, galleryId: string, size: number, extra: Record<string, string> = {}, fileType = "video/mp4", fileName = "film.mp4") =>
  call(startRoute, request("POST", `/api/products/start-multipart-upload?${q({ fileName, fileType, fileSize: size, galleryId, ...extra })}`, { token }));

/** Uploads a file of `size` bytes the way the browser does (every part, then complete); returns complete's answer. */
export async function uploadVideo(token: string, galleryId: string, size: number, extra: Record<string, string> = {}, fileName = "Our Wedding (final).mp4") {
  const res = await startUpload(token, galleryId, size, extra, "video/mp4", fileName);
  if (res.status !== 200) throw new Error(`start answered ${res.status}: ${await res.text()}`);
  const { uploadId, fileName: key, partSize, partCount } = await res.json();
  const parts = [];
  for (let n = 1; n <= partCount; n++) {
    const { url } = await (await call(partUrlRoute, request("GET", `/api/products/get-part-url?${q({ fileName: key, uploadId, partNumber: n })}`, { token }))).json();
    const bytes = Math.min(partSize, size - (n - 1) * partSize);
    const put = await fetch(url, { method: "PUT", body: new Uint8Array(bytes) });
    if (put.status !== 200) throw new Error(`part PUT answered ${put.status}`);
    parts.push({ ETag: put.headers.get("etag")!, PartNumber: n });
  }
  const done = await call(completeRoute, request("POST", "/x", { token, body: { fileName: key, uploadId, parts } }));
  return { res: done, fileName: key, uploadId };
}
export const complete = (token: string, u: Started) => call(completeRoute, request("POST", "/x", { token, body: { fileName: u.fileName, uploadId: u.uploadId, parts: u.parts } }));
export const abort = (token: string, u: Pick<Started, "fileName" | "uploadId">) => call(abortRoute, request("POST", "/x", { token, body: { fileName: u.fileName, uploadId: u.uploadId } }));
export const deleteGallery = (token: string, id: string) => call(deleteGalleryRoute, request("DELETE", "/x", { token }), { id });
export const spend = (token: string, adminId: string, mb: number, idempotencyKey?: string) =>
  call(updatePlan, request("PUT", "/x", { token, body: { type: "used", credits: mb, purpose: "race" }, headers: idempotencyKey ? { "idempotency-key": idempotencyKey } : {} }), { adminId });

/** Buys a pack with the local test provider and pays it; returns the session to verify. */
export async function paidSession(token: string, credits = 5): Promise<string> {
  const { url } = await (await call(makePayment, request("POST", "/x", { token, body: { mode: "payment", credits } }))).json();
  const sessionId = url.split("/").pop();
  await call(localPay, request("POST", "/x", { token }), { sessionId });
  return sessionId;
}
export const verifySession = (token: string, sessionId: string) => call(verify, request("GET", "/x", { token }), { sessionId });

export const balance = async (adminId: string) => (await db.admin.findUniqueOrThrow({ where: { id: adminId } })).creditBytes;
export const uploadOf = (key: string) => db.upload.findUniqueOrThrow({ where: { key } });
