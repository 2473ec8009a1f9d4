// The public gallery's doors (anyone with the link), the delivery mail's pixel and images, and the
// platform's own (health, this contract as OpenAPI).
import { z } from "zod";
import { door, raw } from "@/lib/contract/door";
import { OPEN_PATHS } from "@/lib/contract/open-paths";
import { EXAMPLE, nullableDate, socialLinksShape } from "@/lib/contract/shapes";
import { galleryViewStateSchema } from "@/lib/services/galleries/rules/gallery-preview";
import { idSchema } from "@/lib/validation/common";
import { engagementSchema } from "@/lib/validation/engagement";
import { guestTokenSchema, inviteMediaQuery, inviteSignatureQuery } from "@/lib/validation/invites";
import { accessRequestSchema, captionQuerySchema, downloadPinSchema, downloadQuerySchema, unlockSchema, viewSchema } from "@/lib/validation/public";
import { viewerMediaQuerySchema, viewerVersionsQuerySchema } from "@/lib/validation/versions";
import { viewerVersionsShape } from "@/lib/contract/films";

const TAG = "Public gallery";
const PLATFORM = "Platform";
const slugPath = z.object({ slug: z.string() });
const videoPath = z.object({ videoId: idSchema });
const gate = ["gallery_locked", "gallery_expired", "invite_required", "invite_invalid"] as const;
const downloadGate = [...gate, "downloads_off", "pin_required", "under_review", "payment_required"] as const;
const vtt = (what: string) => raw("text", what, "text/vtt");
/** The studio behind a public gallery: its branding, and whether its plan removes Vidfolio's footer. */
const galleryStudioShape = z.object({
  name: z.string(),
  logoUrl: z.string().nullable(),
  whiteLabel: z.boolean().describe("Its plan removes Vidfolio's footer."),
  faviconUrl: z.string().nullable().optional(),
  websiteUrl: z.string().optional().describe('Only http(s) addresses (checked on the server, again when rendered); "" or absent: none.'),
  socials: socialLinksShape.optional(),
});
export type GalleryStudio = z.output<typeof galleryStudioShape>;

/** A gallery's content for one browser (the public content door, the unlock and guest answers), with its expiry. */
const galleryContentShape = z.object({ state: galleryViewStateSchema, studio: galleryStudioShape, expiresAt: nullableDate });
export type GalleryContent = z.output<typeof galleryContentShape>;

/** What a closed gallery's page gets for this browser: its content, or why it stays closed (never an error status). */
const galleryEntryShape = z.discriminatedUnion("open", [
  z.object({ open: z.literal(true), content: galleryContentShape }),
  z.object({
    open: z.literal(false),
    closed: z
      .enum(["locked", "uninvited", "badLink", "expired"])
      .describe(
        "locked: the password is wanted; uninvited: the gallery is for invited guests and this browser has no personal link; badLink: its personal link no longer works; expired: the gallery has expired.",
      ),
  }),
]);
export type GalleryEntry = z.output<typeof galleryEntryShape>;

const check = z.object({ ok: z.boolean(), ms: z.number() });
const pageCache = z
  .object({
    ok: z.boolean().describe("Saves reach this instance's cached gallery pages now (false while its invalidation listener is down or deaf: it then serves every page uncached)."),
    listening: z.boolean().nullable().describe("The invalidation listener is up; null where the page cache does not listen (SHARED_CACHE=false, no server)."),
    invalidationsApplied: z.number().int().describe("Page tags this instance has expired since it started."),
    lastAppliedAt: z.string().nullable().describe("When it last expired one (ISO 8601)."),
    oldestUnheardMs: z.number().int().describe("How long its oldest announcement has gone unheard by its own listener (5000+: deaf, being reconnected)."),
    clockStepMs: z.number().int().describe("How far the wall clock has moved against the process's monotonic clock since it started (informational: invalidations do not depend on it)."),
  })
  .describe("The public pages' cache: whether saves reach it (not part of status: an instance that cannot apply invalidations serves no cached page).");

export const publicGallery = {
  content: door({
    method: "GET",
    path: OPEN_PATHS.content,
    who: "public",
    params: slugPath,
    answer: galleryContentShape,
    errors: gate,
    summary: "A gallery's content for this browser, after the gallery gate",
    tag: TAG,
  }),
  entry: door({
    method: "GET",
    path: OPEN_PATHS.entry,
    who: "public",
    params: slugPath,
    answer: galleryEntryShape,
    summary: "Whether this browser is let into a closed gallery, and its content when it is",
    description:
      "The content door's question as the closed page asks it: the gate's refusals (locked, for invited guests, a link that no longer works, expired) are answers, not errors, so a first visit to a password page logs no failed request. A missing gallery is still a 404.",
    tag: TAG,
  }),
  unlock: door({
    method: "POST",
    path: OPEN_PATHS.unlock,
    who: "public",
    params: slugPath,
    body: unlockSchema,
    answer: galleryContentShape,
    errors: ["wrong_password", "gallery_expired", "invite_required", "rate_limited"],
    summary: "Unlock a gallery with its password (sets the unlock cookie)",
    tag: TAG,
    example: { password: "ana-and-ben-2026" },
  }),
  guest: door({
    method: "POST",
    path: OPEN_PATHS.guest,
    who: "public",
    params: slugPath,
    body: guestTokenSchema,
    answer: galleryContentShape.extend({ guest: z.object({ name: z.string(), mayComment: z.boolean(), mayApprove: z.boolean() }) }),
    errors: ["invite_invalid", "gallery_expired", "rate_limited"],
    summary: "Trade a guest's personal link for the guest cookie",
    tag: TAG,
  }),
  pin: door({
    method: "GET",
    path: OPEN_PATHS.pin,
    who: "public",
    params: slugPath,
    answer: z.object({ required: z.boolean(), askStudio: z.literal(true).optional() }),
    errors: [...gate, "payment_required", "downloads_off"],
    summary: "Whether this browser must give the download PIN",
    description: "`askStudio`: the PIN is asked of a guest whose delivery mail did not include it (the dialog tells them to ask the studio).",
    tag: TAG,
  }),
  givePin: door({
    method: "POST",
    path: OPEN_PATHS.pin,
    who: "public",
    params: slugPath,
    body: downloadPinSchema,
    answer: z.object({ required: z.literal(false) }),
    errors: [...gate, "downloads_off", "wrong_pin", "rate_limited"],
    summary: "Give the download PIN (sets the PIN cookie)",
    tag: TAG,
  }),
  archive: door({
    method: "GET",
    path: OPEN_PATHS.archive,
    who: "public",
    params: z.object({ slug: z.string().trim().min(1).max(100) }),
    answer: z.object({ name: z.string(), files: z.array(z.object({ name: z.string(), size: z.number().nullable(), src: z.string(), film: z.string().optional() })) }),
    errors: downloadGate,
    summary: "What Download all puts in its ZIP",
    tag: TAG,
  }),
  download: door({
    method: "GET",
    path: OPEN_PATHS.download,
    who: "public",
    params: videoPath,
    query: downloadQuerySchema,
    answer: raw("redirect", "302 to a presigned GET of the original (5 minutes), counted for the studio's insights."),
    errors: downloadGate,
    summary: "Download a film's original",
    tag: TAG,
  }),
  stream: door({
    method: "GET",
    path: OPEN_PATHS.stream,
    who: "public",
    params: videoPath,
    query: viewerMediaQuerySchema,
    answer: raw("redirect", "302 to a signed, expiring address of the film's MP4."),
    errors: downloadGate,
    summary: "A film's MP4 (the players' MP4 source)",
    description: "`v`: an earlier version the studio kept (the versions door names them), under the same rule as the current one; 402 in an unpaid gallery, 404 for a version this film does not keep.",
    tag: TAG,
  }),
  playlist: door({
    method: "GET",
    path: OPEN_PATHS.playlist,
    who: "public",
    params: z.object({ videoId: idSchema, playlist: z.string() }),
    query: viewerMediaQuerySchema,
    answer: raw("text", "An HLS playlist, after the gallery gate.", "application/vnd.apple.mpegurl"),
    errors: [...gate, "payment_required"],
    summary: "An HLS playlist of a film",
    description:
      "`v`: an earlier version the studio kept (the versions door names them), behind the same gate and audience; an unpaid gallery (Pay to unlock) serves its watermarked preview of the current cut only and refuses an earlier version (402), a version this film does not keep is a 404.",
    tag: TAG,
  }),
  captions: door({
    method: "GET",
    path: OPEN_PATHS.captions,
    who: "public",
    params: z.object({ videoId: idSchema, captionId: idSchema }),
    query: captionQuerySchema,
    answer: vtt("The captions as WebVTT."),
    errors: gate,
    summary: "A film's captions",
    tag: TAG,
  }),
  chapters: door({
    method: "GET",
    path: OPEN_PATHS.chapters,
    who: "public",
    params: videoPath,
    query: captionQuerySchema,
    answer: vtt("The chapters as a WebVTT chapters track."),
    errors: gate,
    summary: "A film's chapters track",
    tag: TAG,
  }),
  versions: door({
    method: "GET",
    path: OPEN_PATHS.versions,
    who: "public",
    params: videoPath,
    query: viewerVersionsQuerySchema,
    answer: viewerVersionsShape,
    errors: gate,
    summary: "A film's versions a viewer may play (current and earlier ones kept)",
    description: "After the gallery gate, like the film's playlists. Each version's `playback` names the playlist and stream doors with `v`; an unpaid gallery lists only the current version.",
    tag: TAG,
  }),
  views: door({
    method: "POST",
    path: OPEN_PATHS.views,
    who: "public",
    body: viewSchema,
    answer: z.object({ counted: z.boolean() }),
    errors: [...gate, "not_found"],
    summary: "Count a view (once per viewer and film)",
    tag: TAG,
    example: { gallery: "ana-and-ben", videoId: EXAMPLE.id },
  }),
  engagement: door({
    method: "POST",
    path: OPEN_PATHS.engagement,
    who: "public",
    body: engagementSchema,
    bodyReadBy: "handler",
    status: 204,
    answer: raw("empty", "204: buffered until the next flush."),
    errors: [...gate, "not_found", "payload_too_large"],
    summary: "What a viewer's player played since its last report",
    tag: TAG,
  }),
  accessRequest: door({
    method: "POST",
    path: OPEN_PATHS.accessRequest,
    who: "public",
    params: slugPath,
    body: accessRequestSchema,
    status: 202,
    answer: z.object({ received: z.literal(true) }).describe("The same answer whatever the gallery: it never says whether one exists or is expired."),
    errors: ["rate_limited"],
    summary: "Ask an expired gallery's studio for access again (mails the studio)",
    description:
      "Only an expired gallery's studio is mailed (its sign-in address, the guest's name, e-mail and message); nothing else is recorded. Any other gallery, or none, gets the same 202 and nothing is sent. 429 `rate_limited` with Retry-After past 3 requests an hour from one client address to one gallery, or 30 to one gallery in all.",
    tag: TAG,
    example: { name: "Anna Lindqvist", email: "anna@example.com", message: "Could we have the films for another month?" },
  }),
  inviteOpened: door({
    method: "GET",
    path: OPEN_PATHS.inviteOpened,
    who: "public",
    params: z.object({ inviteId: idSchema }),
    query: inviteSignatureQuery,
    answer: raw("file", "A 1×1 GIF, never cached.", "image/gif"),
    summary: "The delivery mail's open pixel",
    tag: TAG,
  }),
  inviteMedia: door({
    method: "GET",
    path: OPEN_PATHS.inviteMedia,
    who: "public",
    params: z.object({ inviteId: idSchema }),
    query: inviteMediaQuery,
    answer: raw("redirect", "302 to a freshly signed address of the image."),
    summary: "An image of the delivery mail (logo, background)",
    tag: TAG,
  }),
};

export const platform = {
  health: door({
    method: "GET",
    path: OPEN_PATHS.health,
    who: "public",
    answer: z.object({ status: z.literal("ok"), checks: z.object({ database: check, storage: check, queue: check }), pageCache }),
    errors: ["unavailable"],
    summary: "Liveness: the database, the store and the queue; whether saves reach the cached pages",
    description: "503 `unavailable` with the same `checks` naming the part that failed.",
    tag: PLATFORM,
  }),
  openapi: door({
    method: "GET",
    path: OPEN_PATHS.openapi,
    who: "public",
    // The one open answer, on purpose: its shape is OpenAPI 3.1's (a third party's, with its own
    // validator in tests/integration/openapi.test.ts), not ours to restate field by field here.
    answer: z.looseObject({ openapi: z.literal("3.1.0"), info: z.looseObject({ title: z.string(), version: z.string() }), paths: z.record(z.string(), z.unknown()) }),
    summary: "This document: the API as OpenAPI 3.1, generated from its contract",
    description: "Rendered for people at /docs/api.",
    tag: PLATFORM,
  }),
};
