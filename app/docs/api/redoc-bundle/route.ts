// GET /docs/api/redoc-bundle — Redoc's standalone bundle (the redoc package), served by the
// app so the API reference needs no internet. Read once per process. Not an API door: a file.
// The one address of the internet in it, the "API docs by Redocly" footer's logo, is replaced by an
// empty data: URL (Redoc hides the image when it fails to load), so the page asks nothing of
// another origin and its CSP refuses nothing (tests/e2e/api-reference.spec.ts).
import { readFile } from "node:fs/promises";
import path from "node:path";

const REMOTE_LOGO = "https://cdn.redoc.ly/redoc/logo-mini.svg";

let bundle: Promise<Buffer> | null = null;

async function load(): Promise<Buffer> {
  const source = await readFile(path.join(process.cwd(), "node_modules", "redoc", "bundles", "redoc.standalone.js"), "utf8");
  return Buffer.from(source.split(REMOTE_LOGO).join("data:,"), "utf8");
}

export async function GET() {
  bundle ??= load();
  return new Response(new Uint8Array(await bundle), {
    headers: { "content-type": "text/javascript; charset=utf-8", "cache-control": "public, max-age=86400", "x-content-type-options": "nosniff" },
  });
}
