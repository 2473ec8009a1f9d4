// The path templates of the public gallery's doors, each its own export, and the functions that
// fill a template. Apart from their declarations (lib/contract/public.ts, which take these templates)
// so the gallery page's own code builds its addresses without loading zod or the contract, and
// carries only the templates the browser's code names (its first load has a budget:
// docs/architecture/decisions.md, "Two routers"). Pure, no imports.

export const PUBLIC_CONTENT_PATH = "/api/public/galleries/:slug";
export const PUBLIC_ENTRY_PATH = "/api/public/galleries/:slug/entry";
export const PUBLIC_UNLOCK_PATH = "/api/public/galleries/:slug/unlock";
export const PUBLIC_GUEST_PATH = "/api/public/galleries/:slug/guest";
export const PUBLIC_PIN_PATH = "/api/public/galleries/:slug/pin";
export const PUBLIC_ARCHIVE_PATH = "/api/public/galleries/:slug/archive";
export const PUBLIC_PAY_PATH = "/api/public/galleries/:slug/pay";
export const PUBLIC_ACCESS_REQUEST_PATH = "/api/public/galleries/:slug/access-request";
export const PUBLIC_DOWNLOAD_PATH = "/api/public/download/:videoId";
export const PUBLIC_STREAM_PATH = "/api/public/stream/:videoId";
export const PUBLIC_PLAYLIST_PATH = "/api/public/hls/:videoId/:playlist";
export const PUBLIC_CAPTIONS_PATH = "/api/public/captions/:videoId/:captionId";
export const PUBLIC_CHAPTERS_PATH = "/api/public/chapters/:videoId";
export const PUBLIC_VERSIONS_PATH = "/api/public/versions/:videoId";
export const PUBLIC_VIEWS_PATH = "/api/public/views";
export const PUBLIC_ENGAGEMENT_PATH = "/api/public/engagement";
export const PUBLIC_COMMENTS_PATH = "/api/public/comments/:videoId";
export const PUBLIC_COMMENT_PATH = "/api/public/comments/:videoId/:commentId";
export const PUBLIC_COMMENTS_LIVE_PATH = "/api/public/comments/:videoId/live";
export const PUBLIC_APPROVAL_PATH = "/api/public/approval/:videoId";

/** The names of a path template's segments: "/a/:id/b/:name" → "id" | "name". */
export type PathNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}` ? StripStar<Name> | PathNames<`/${Rest}`> : P extends `${string}:${infer Name}` ? StripStar<Name> : never;
type StripStar<N extends string> = N extends `${infer B}*` ? B : N;

export type PathValues<P extends string> = [PathNames<P>] extends [never] ? Record<never, never> : { [K in PathNames<P>]: string | number };

/** Fills a path template ("/a/:id", "/auth/:rest*"): encodes each value, keeps a catch-all's "/". */
export function fillTemplate(template: string, values: Record<string, string | number>): string {
  return template.replace(/:(\w+)(\*)?/g, (_, name: string, star?: string) => {
    const v = values[name];
    if (v === undefined) throw new Error(`${template}: no value for :${name}`);
    return star ? String(v).split("/").map(encodeURIComponent).join("/") : encodeURIComponent(String(v));
  });
}

/**
 * A public door's path: `publicPath(PUBLIC_DOWNLOAD_PATH, { videoId })`, the values typed by the
 * template's names. Its own short fill (these templates have no catch-all), so the gallery page's
 * first load does not carry fillTemplate: it has 120 KB and no more (bench/viewer).
 */
export function publicPath<P extends string>(template: P, ...values: [PathNames<P>] extends [never] ? [] : [PathValues<P>]): string {
  const given = (values[0] ?? {}) as Record<string, string | number>;
  return template.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(given[name]));
}
