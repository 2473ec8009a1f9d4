// GET /fonts/<version>/<file> — a bundled gallery face (lib/services/galleries/rules/fonts.ts), read from its @fontsource
// package. Not an API door: a file. Only the files lib/services/galleries/rules/font-faces.ts lists, of the version it names, are
// served (anything else is a 404, so no path reaches beyond them); the address changes with the
// version, so the answer is cached for a year. Served on every host (lib/services/studio/rules/hosts.ts): a gallery on a
// studio's domain loads its faces from that domain.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { BUNDLED_FONT_FILES, FONTSOURCE_VERSION } from "@/lib/services/galleries/rules/font-faces";

const files = new Map<string, Promise<Buffer>>();

export async function GET(_req: Request, { params }: { params: Promise<{ version: string; file: string }> }) {
  const { version, file } = await params;
  const pkg = BUNDLED_FONT_FILES.get(file);
  if (version !== FONTSOURCE_VERSION || !pkg) return new Response(null, { status: 404, headers: { "cache-control": "no-store" } });
  let body = files.get(file);
  if (!body) files.set(file, (body = readFile(path.join(process.cwd(), "node_modules", pkg, "files", file))));
  return new Response(new Uint8Array(await body), {
    headers: { "content-type": "font/woff2", "cache-control": "public, max-age=31536000, immutable", "x-content-type-options": "nosniff" },
  });
}
