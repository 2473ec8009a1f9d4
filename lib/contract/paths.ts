// The path templates of the public gallery's doors, and the one function that fills a template.
// Apart from their declarations (lib/contract/public.ts, which take these templates) so the gallery
// page's own code builds its addresses without loading zod or the contract (its first load has a
// budget: docs/architecture.md, "Non-standard choices"). Pure, no imports.

export const PUBLIC_PATHS = {
  content: "/api/public/galleries/:slug",
  unlock: "/api/public/galleries/:slug/unlock",
  guest: "/api/public/galleries/:slug/guest",
  pin: "/api/public/galleries/:slug/pin",
  archive: "/api/public/galleries/:slug/archive",
  download: "/api/public/download/:videoId",
  stream: "/api/public/stream/:videoId",
  playlist: "/api/public/hls/:videoId/:playlist",
  captions: "/api/public/captions/:videoId/:captionId",
  chapters: "/api/public/chapters/:videoId",
  views: "/api/public/views",
  engagement: "/api/public/engagement",
} as const;

/** Fills a path template ("/a/:id", "/auth/:rest*"): encodes each value, keeps a catch-all's "/". */
export function fillTemplate(template: string, values: Record<string, string | number>): string {
  return template.replace(/:(\w+)(\*)?/g, (_, name: string, star?: string) => {
    const v = values[name];
    if (v === undefined) throw new Error(`${template}: no value for :${name}`);
    return star ? String(v).split("/").map(encodeURIComponent).join("/") : encodeURIComponent(String(v));
  });
}

/**
 * A public door's path: `publicPath("download", { videoId })`. Its own short fill (these templates
 * have no catch-all, and the types name every value), so the gallery page's first load does not carry
 * fillTemplate: it has 120 KB and no more (bench/viewer).
 */
export function publicPath<K extends keyof typeof PUBLIC_PATHS>(door: K, values: Record<string, string | number> = {}): string {
  return PUBLIC_PATHS[door].replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(values[name]));
}
