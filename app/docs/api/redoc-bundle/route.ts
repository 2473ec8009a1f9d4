// GET /docs/api/redoc-bundle — Redoc's standalone bundle (the redoc package), served by the
// app so the API reference needs no internet. Read once per process. Not an API door: a file.
import { readFile } from "node:fs/promises";
import path from "node:path";

let bundle: Promise<Buffer> | null = null;

export async function GET() {
  bundle ??= readFile(path.join(process.cwd(), "node_modules", "redoc", "bundles", "redoc.standalone.js"));
  return new Response(new Uint8Array(await bundle), {
    headers: { "content-type": "text/javascript; charset=utf-8", "cache-control": "public, max-age=86400", "x-content-type-options": "nosniff" },
  });
}
