// Uploads a film to a Vidfolio gallery with a studio API key, in plain Node 20 (no packages), as
// docs/api.md "Uploading a film: the guide" describes: up to 5 GB as one PUT (the simple flow),
// above that in parts (the multipart flow). The file's bytes go straight to the store.
// Run: VIDFOLIO_URL=https://app.example.com VIDFOLIO_KEY=vf_key_… node upload-film.mjs <galleryId> <file> [--multipart]
import { stat } from "node:fs/promises";
import { createReadStream } from "node:fs";
import { basename, extname } from "node:path";
import http from "node:http";
import https from "node:https";

const BASE = (process.env.VIDFOLIO_URL ?? "").replace(/\/+$/, "");
const KEY = process.env.VIDFOLIO_KEY ?? ""; // a key with the `uploads` scope (Account → API)
const [galleryId, file] = process.argv.slice(2).filter((a) => !a.startsWith("--"));
if (!BASE || !KEY.startsWith("vf_key_") || !galleryId || !file) {
  console.error("Usage: VIDFOLIO_URL=https://… VIDFOLIO_KEY=vf_key_… node upload-film.mjs <galleryId> <file> [--multipart]");
  process.exit(1);
}
const SIMPLE_MAX_BYTES = 5 * 1024 ** 3; // the simple flow's limit (one PUT)
const TYPES = { ".mp4": "video/mp4", ".mov": "video/quicktime", ".m4v": "video/x-m4v", ".webm": "video/webm", ".mkv": "video/x-matroska" };

/** Calls the API with the key; a refusal throws with its { code, message }. */
async function api(method, path, { query, body } = {}) {
  const url = `${BASE}${path}${query ? `?${new URLSearchParams(query)}` : ""}`;
  const res = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${KEY}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const answer = await res.json().catch(() => ({}));
  if (!res.ok) throw Object.assign(new Error(`${method} ${path} → ${res.status} ${answer.code ?? ""}: ${answer.message ?? ""}`), { status: res.status });
  return answer;
}

/** PUTs bytes start…end (inclusive) of the file to a presigned address, streamed; answers the store's ETag, quotes kept. */
function putBytes(url, headers, start, end) {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const req = (target.protocol === "https:" ? https : http).request(target, { method: "PUT", headers: { ...headers, "content-length": end - start + 1 } }, (res) => {
      res.resume();
      res.on("end", () => (res.statusCode === 200 ? resolve(res.headers.etag) : reject(Object.assign(new Error(`the store answered ${res.statusCode}`), { status: res.statusCode }))));
    });
    req.on("error", reject);
    createReadStream(file, { start, end }).on("error", reject).pipe(req);
  });
}

/** Tries a step three times (a dropped connection, the server or store briefly down), waiting a little longer each time; a refusal (4xx) is final. */
async function withRetries(step) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await step();
    } catch (e) {
      if (attempt === 3 || (e.status >= 400 && e.status < 500)) throw e;
      await new Promise((r) => setTimeout(r, attempt * 2000));
    }
  }
}

const { size } = await stat(file);
const start = { fileName: basename(file), fileType: TYPES[extname(file).toLowerCase()] ?? "video/mp4", fileSize: String(size), galleryId };
const multipart = process.argv.includes("--multipart") || size > SIMPLE_MAX_BYTES;
let upload; // { fileName, uploadId }: what complete and abort name
try {
  let parts;
  if (!multipart) {
    // 1. start → 2. one PUT of the whole file, with exactly the headers given → 3. complete without parts.
    const simple = await api("POST", "/api/uploads/simple", { query: start });
    upload = { fileName: simple.fileName, uploadId: simple.uploadId };
    await withRetries(() => putBytes(simple.url, simple.headers, 0, size - 1));
  } else {
    // 1. start → 2. each part to its own presigned address, keeping its ETag → 3. complete with the parts.
    const { uploadId, fileName, partSize, partCount } = await api("POST", "/api/products/start-multipart-upload", { query: start });
    upload = { fileName, uploadId };
    parts = [];
    for (let n = 1; n <= partCount; n++) {
      const first = (n - 1) * partSize;
      const last = Math.min(size, n * partSize) - 1;
      const ETag = await withRetries(async () => {
        const { url } = await api("GET", "/api/products/get-part-url", { query: { fileName, uploadId, partNumber: String(n) } });
        return putBytes(url, {}, first, last);
      });
      parts.push({ PartNumber: n, ETag }); // e.g. "\"9b2cf535f27731c974343645a3985328\"": sent back exactly as the store gave it
      console.log(`part ${n}/${partCount} stored`);
    }
  }
  // Completing again after a dropped answer is safe: it answers the same film and charges once.
  const { video } = await withRetries(() => api("POST", "/api/products/complete-multipart-upload", { body: { ...upload, ...(parts ? { parts } : {}) } }));
  console.log(`Uploaded "${video.title}" (${video._id}): ${video.status}. Follow it with GET /api/videos/${video._id}.`);
} catch (e) {
  console.error(e.message);
  // Leave nothing behind: the reservation is released and what the store holds removed (else the sweep does it after a day).
  if (upload) await api("POST", "/api/products/abort-multipart-upload", { body: upload }).catch(() => {});
  process.exit(1);
}
