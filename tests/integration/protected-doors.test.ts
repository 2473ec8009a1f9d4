// Issue 36 item 4, the class: every protected thing × every public door × every gate state, with the
// answer each cell must give. A film's original — and its stream copy, which is the original byte
// for byte (a fast-start MP4, copied inside the store) or a lossless remux of it — leave only
// through a door that asks the download rule (the Downloads toggle, then the PIN or a guest's
// right), except in a film's first seconds (its stream copy published, its ladder not yet: the
// documented window, docs/security.md "Media privacy"). Once a film has its ladder it plays by HLS
// for everyone else.
//
// The table is three lists: FILMS (what a film has been made into), STATES (how the gallery and the
// viewer stand) and DOORS (each public door, with the answer it owes in each state for each film).
// A new door or a new gate state is one more entry; a public route that is in neither DOORS nor
// NOT_DOORS fails the first test. Every cell is called against the real database and store, every
// 2xx/3xx followed to the bytes it hands out (redirects fetched, playlists' segments fetched), and a
// failing cell is reported by its door, film and state.
import { PutObjectCommand } from "@aws-sdk/client-s3";
import type { NextRequest } from "next/server";
import { randomUUID } from "node:crypto";
import { db } from "@/lib/db";
import { bucket, s3 } from "@/lib/storage/client";
import { hashPassword } from "@/lib/auth/password";
import { guestCookieName, inviteToken, newInviteSalt, pinCookieName, pinCookieValue, tokenHash } from "@/lib/auth/guest-link";
import { unlockCookieName, unlockCookieValue } from "@/lib/auth/gallery-unlock";
import { GET as download } from "@/app/api/public/download/[videoId]/route";
import { GET as stream } from "@/app/api/public/stream/[videoId]/route";
import { GET as hls } from "@/app/api/public/hls/[videoId]/[playlist]/route";
import { GET as captions } from "@/app/api/public/captions/[videoId]/[captionId]/route";
import { GET as chapters } from "@/app/api/public/chapters/[videoId]/route";
import { GET as versions } from "@/app/api/public/versions/[videoId]/route";
import { GET as archive } from "@/app/api/public/galleries/[slug]/archive/route";
import { GET as content } from "@/app/api/public/galleries/[slug]/route";
import { GET as entry } from "@/app/api/public/galleries/[slug]/entry/route";
import { GET as comments } from "@/app/api/public/comments/[videoId]/route";
import { GET as commentsLive } from "@/app/api/public/comments/[videoId]/live/route";
import { GET as approval } from "@/app/api/public/approval/[videoId]/route";
import { POST as views } from "@/app/api/public/views/route";
import { POST as engagement } from "@/app/api/public/engagement/route";
import type { Archive } from "@/lib/services/public/rules/archive-names";
import type { GalleryViewState } from "@/lib/services/galleries/rules/gallery-preview";
import { createFolderWithGallery, createStudio } from "../helpers/factories";
import { MASTER, VARIANT } from "../helpers/hls";
import { discoverRoutes } from "../helpers/routes";
import { errorShapeProblem } from "../helpers/error-shape";
import { bodyText, call, request } from "../helpers/requests";

jest.setTimeout(180_000);

// ─── What a film has been made into ─────────────────────────────────────────────────────────────

type FilmName = "fast-start MP4 with its ladder" | "other playable source with its ladder" | "unplayable source (ladder only)" | "first seconds (stream copy, no ladder yet)";
type Film = { name: FilmName; copy: "same bytes" | "remux" | null; ladder: boolean };

const FILMS: Film[] = [
  // The worker copies a fast-start MP4 inside the store: its stream copy IS the original.
  { name: "fast-start MP4 with its ladder", copy: "same bytes", ladder: true },
  // Any other browser-playable source is remuxed (-c copy): other bytes, the same picture and sound.
  { name: "other playable source with its ladder", copy: "remux", ladder: true },
  // HEVC, PCM sound…: no stream copy, the first rung first.
  { name: "unplayable source (ladder only)", copy: null, ladder: true },
  // Published with its stream copy while the ladder is still being encoded (lib/services/films/video-processing.ts makePlayable).
  { name: "first seconds (stream copy, no ladder yet)", copy: "same bytes", ladder: false },
];

// ─── How the gallery and the viewer stand ───────────────────────────────────────────────────────

/** A gallery of the table: one per state, holding one film of each kind. */
type Fixture = { studioId: string; galleryId: string; slug: string; films: Map<FilmName, Seeded> };
type Seeded = { id: string; storageKey: string; captionId: string; original: Buffer; copy: Buffer | null };

/**
 * A gate state: how it is arranged (returns the viewer's cookies), and what the gate decides for it —
 * `gate` (the gallery gate's outcome), `downloads` (the download rule's verdict when the gate lets the
 * viewer in), `film` (the film's row is gone).
 */
type State = {
  name: string;
  gate: "open" | "locked" | "expired" | "missing" | "uninvited" | "badLink";
  downloads: "ok" | "off" | "pin" | "unpaid";
  filmGone?: boolean;
  /**
   * Unpaid with Pay to unlock (issue 41): only the watermarked preview ladders play (a film without
   * one is not shown), and nothing of the original or the clean ladder leaves (402 payment_required).
   */
  unpaid?: boolean;
  /** The viewer is a guest of the gallery with a review right (issue 40). */
  reviewer?: boolean;
  /** The gallery is in review and its films are not approved: their originals stay closed (issue 40). */
  underReview?: boolean;
  arrange(f: Fixture): Promise<string | undefined>;
};

let passwordHash: string;
let pinHash: string;

const lock = (f: Fixture) => db.gallery.update({ where: { id: f.galleryId }, data: { passwordHash, passwordVersion: 1 } });
const setPin = (f: Fixture) => db.gallery.update({ where: { id: f.galleryId }, data: { downloadPinHash: pinHash, downloadPinVersion: 3 } });
async function guest(f: Fixture, opts: { mayDownload: boolean; mayComment?: boolean; revoked?: boolean; expired?: boolean; ofGallery?: string }): Promise<string> {
  const salt = newInviteSalt();
  const id = randomUUID();
  const token = inviteToken(id, salt);
  await db.galleryInvite.create({
    data: {
      id,
      galleryId: opts.ofGallery ?? f.galleryId,
      adminId: f.studioId,
      name: "Guest",
      email: `guest-${id}@example.test`,
      salt,
      tokenHash: tokenHash(token),
      mayDownload: opts.mayDownload,
      mayComment: opts.mayComment ?? false,
      revokedAt: opts.revoked ? new Date() : null,
      expiresAt: opts.expired ? new Date(Date.now() - 60_000) : null,
    },
  });
  // Another gallery's link is presented as this gallery's guest cookie (its token copied over).
  return `${guestCookieName(f.galleryId)}=${token}`;
}

/** Who may open the gallery (issue 55 item 2). */
const audience = (f: Fixture, to: "LINK" | "INVITED") => db.gallery.update({ where: { id: f.galleryId }, data: { audience: to } });
/** Another gallery of the same studio: its guests' links are no links here. */
const otherGallery = async (f: Fixture) => (await createFolderWithGallery(f.studioId)).gallery.id;

/**
 * Issue 55 item 2: both audiences × the personal link a viewer presents. With "link" (every
 * gallery's default) the gallery opens to its link whatever the personal link; with "invited" only a
 * valid personal link opens it: none is 403 invite_required, a revoked, expired or another gallery's
 * 403 invite_invalid, at every door.
 */
const LINKS: { name: string; invited: "open" | "uninvited" | "badLink"; reviewer?: boolean; cookie: (f: Fixture) => Promise<string | undefined> }[] = [
  { name: "no personal link", invited: "uninvited", cookie: async () => undefined },
  { name: "a valid personal link", invited: "open", reviewer: true, cookie: (f) => guest(f, { mayDownload: false, mayComment: true }) },
  { name: "a revoked personal link", invited: "badLink", cookie: (f) => guest(f, { mayDownload: true, mayComment: true, revoked: true }) },
  { name: "an expired personal link", invited: "badLink", cookie: (f) => guest(f, { mayDownload: true, mayComment: true, expired: true }) },
  { name: "another gallery's personal link", invited: "badLink", cookie: async (f) => guest(f, { mayDownload: true, mayComment: true, ofGallery: await otherGallery(f) }) },
];
const AUDIENCE_STATES: State[] = LINKS.flatMap((l): State[] => [
  { name: `audience link, ${l.name}`, gate: "open", downloads: "ok", reviewer: l.reviewer, arrange: async (f) => (await audience(f, "LINK"), l.cookie(f)) },
  { name: `audience invited, ${l.name}`, gate: l.invited, downloads: "ok", reviewer: l.reviewer, arrange: async (f) => (await audience(f, "INVITED"), l.cookie(f)) },
]);

/** The gallery in review, each of its films decided on (its current version) by a guest. */
async function inReview(f: Fixture, decision: "APPROVED" | "CHANGES_REQUESTED") {
  await db.gallery.update({ where: { id: f.galleryId }, data: { reviewMode: true } });
  await db.videoApproval.createMany({
    data: [...f.films.values()].map((film) => ({
      videoId: film.id,
      galleryId: f.galleryId,
      adminId: f.studioId,
      guestName: "Anna",
      version: 1,
      decision,
      note: decision === "APPROVED" ? null : "Warmer",
    })),
  });
}

/** A price with Pay to unlock (issue 41); each film with a ladder has its watermarked preview ladder, the film in its first seconds none yet. */
async function priced(f: Fixture, paid: boolean) {
  await db.gallery.update({
    where: { id: f.galleryId },
    data: { priceAmount: 125000, priceCurrency: "eur", payToUnlock: true, ...(paid ? { paidAt: new Date(), paidVia: "hand", paidAmount: 125000 } : {}) },
  });
  for (const [name, film] of f.films) {
    if (!FILMS.find((x) => x.name === name)!.ladder) continue;
    const dir = `${film.storageKey}.derived/preview-test/`;
    await put(`${dir}master.m3u8`, MASTER, "application/vnd.apple.mpegurl");
    await put(`${dir}720p.m3u8`, VARIANT, "application/vnd.apple.mpegurl");
    for (const seg of ["720p_000.ts", "720p_001.ts"]) await put(`${dir}${seg}`, `PREVIEW ${seg} of ${film.id}`, "video/mp2t");
    await db.video.update({ where: { id: film.id }, data: { previewKey: `${dir}master.m3u8`, previewStamp: "test", previewAt: new Date() } });
  }
}

const STATES: State[] = [
  { name: "open", gate: "open", downloads: "ok", arrange: async () => undefined },
  {
    name: "guest link that may download (locked gallery with a PIN)",
    gate: "open",
    downloads: "ok",
    arrange: async (f) => (await lock(f), await setPin(f), guest(f, { mayDownload: true })),
  },
  { name: "download PIN given", gate: "open", downloads: "ok", arrange: async (f) => (await setPin(f), `${pinCookieName(f.galleryId)}=${pinCookieValue(f.galleryId, 3)}`) },
  { name: "locked, password not given", gate: "locked", downloads: "ok", arrange: async (f) => (await lock(f), undefined) },
  { name: "download PIN not given", gate: "open", downloads: "pin", arrange: async (f) => (await setPin(f), undefined) },
  {
    name: "guest link without the download right (locked gallery with a PIN)",
    gate: "open",
    downloads: "pin",
    arrange: async (f) => (await lock(f), await setPin(f), guest(f, { mayDownload: false })),
  },
  {
    name: "guest link that may comment, not download (locked gallery with a PIN)",
    gate: "open",
    downloads: "pin",
    reviewer: true,
    arrange: async (f) => (await lock(f), await setPin(f), guest(f, { mayDownload: false, mayComment: true })),
  },
  {
    name: "in review, films not approved (changes requested)",
    gate: "open",
    downloads: "ok",
    underReview: true,
    arrange: async (f) => (await inReview(f, "CHANGES_REQUESTED"), undefined),
  },
  { name: "in review, films approved", gate: "open", downloads: "ok", arrange: async (f) => (await inReview(f, "APPROVED"), undefined) },
  { name: "unpaid, Pay to unlock", gate: "open", downloads: "unpaid", unpaid: true, arrange: async (f) => (await priced(f, false), undefined) },
  {
    name: "unpaid, guest link that may download (locked gallery)",
    gate: "open",
    downloads: "unpaid",
    unpaid: true,
    arrange: async (f) => (await lock(f), await priced(f, false), guest(f, { mayDownload: true })),
  },
  { name: "paid", gate: "open", downloads: "ok", arrange: async (f) => (await priced(f, true), undefined) },
  { name: "Downloads off", gate: "open", downloads: "off", arrange: async (f) => (await db.gallery.update({ where: { id: f.galleryId }, data: { settingDownload: false } }), undefined) },
  {
    name: "Downloads off, PIN given",
    gate: "open",
    downloads: "off",
    arrange: async (f) => (
      await setPin(f),
      await db.gallery.update({ where: { id: f.galleryId }, data: { settingDownload: false } }),
      `${pinCookieName(f.galleryId)}=${pinCookieValue(f.galleryId, 3)}`
    ),
  },
  {
    name: "gallery expired",
    gate: "expired",
    downloads: "ok",
    arrange: async (f) => (await db.gallery.update({ where: { id: f.galleryId }, data: { expiresAt: new Date(Date.now() - 1000) } }), undefined),
  },
  { name: "guest link revoked (locked gallery)", gate: "locked", downloads: "ok", arrange: async (f) => (await lock(f), guest(f, { mayDownload: true, revoked: true })) },
  { name: "film deleted", gate: "open", downloads: "ok", filmGone: true, arrange: async (f) => (await db.video.deleteMany({ where: { galleryId: f.galleryId } }), undefined) },
  { name: "gallery deleted", gate: "missing", downloads: "ok", arrange: async (f) => (await db.gallery.delete({ where: { id: f.galleryId } }), undefined) },
  { name: "studio not active", gate: "missing", downloads: "ok", arrange: async (f) => (await db.admin.update({ where: { id: f.studioId }, data: { status: "NOT_ACTIVE" } }), undefined) },
  ...AUDIENCE_STATES,
  // A gallery for invited guests with a password: the password opens it too (its form is what anyone else meets).
  {
    name: "audience invited, password given",
    gate: "open",
    downloads: "ok",
    arrange: async (f) => (await audience(f, "INVITED"), await lock(f), `${unlockCookieName(f.galleryId)}=${unlockCookieValue(f.galleryId, 1)}`),
  },
  { name: "audience invited with a password, no personal link", gate: "locked", downloads: "ok", arrange: async (f) => (await audience(f, "INVITED"), await lock(f), undefined) },
];

// ─── The doors ──────────────────────────────────────────────────────────────────────────────────

/** What a cell must answer: its status (and error code), whether the film is listed, and whether it may hand out the original's bytes. */
type Expect = {
  status: number;
  code?: string;
  /** For the doors that list films (content, archive): whether this film is in the list. */
  listed?: boolean;
  /** "given": the bytes must be the original's (proves the bytes are reached); "window": a copy of it is allowed (first seconds). */
  original?: "given" | "window";
};

/** What a door handed out: its status and code, the bytes reached from it, whether the film was listed, and anything else wrong. */
type Served = { status: number; code?: string; text?: string; bytes: Buffer[]; listed?: boolean; problems: string[] };
type Cell = { f: Fixture; film: Seeded; kind: Film; cookie?: string };

type Door = {
  name: string;
  /** The protected thing it hands out. */
  serves: string;
  /** The route file (or null: the store itself). */
  route: string | null;
  expect(state: State, film: Film): Expect;
  open(cell: Cell): Promise<Served>;
};

const GATE_REFUSAL: Record<Exclude<State["gate"], "open">, Expect> = {
  locked: { status: 401, code: "gallery_locked" },
  uninvited: { status: 403, code: "invite_required" },
  badLink: { status: 403, code: "invite_invalid" },
  expired: { status: 403, code: "gallery_expired" },
  missing: { status: 404, code: "not_found" },
};
const PAY_REFUSAL: Expect = { status: 402, code: "payment_required" };
const DOWNLOAD_REFUSAL: Record<Exclude<State["downloads"], "ok">, Expect> = {
  unpaid: PAY_REFUSAL,
  off: { status: 403, code: "downloads_off" },
  pin: { status: 401, code: "pin_required" },
};

/** The gate's refusal, a missing film's 404, else what the door gives a viewer the gate lets in. */
const gated = (state: State, inside: () => Expect): Expect => (state.gate !== "open" ? GATE_REFUSAL[state.gate] : state.filmGone ? { status: 404, code: "not_found" } : inside());
/** The same for a door that lists the gallery's films: a missing film is left out of the list. */
const listing = (state: State, inside: () => Expect): Expect => (state.gate !== "open" ? GATE_REFUSAL[state.gate] : state.filmGone ? { status: 200, listed: false } : inside());
const REVIEW_REFUSAL: Expect = { status: 403, code: "under_review" };
const downloadRule = (state: State, given: Expect): Expect => (state.downloads !== "ok" ? DOWNLOAD_REFUSAL[state.downloads] : state.underReview ? REVIEW_REFUSAL : given);

const q = (f: Fixture) => `g=${encodeURIComponent(f.slug)}`;

/** A POST to a door that takes a viewer's report (views, engagement), with the viewer's cookies. */
const report = async (handler: unknown, path: string, body: unknown, cookie?: string) =>
  served(await call(handler as Handler, request("POST", path, { cookie, body, headers: { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0" } }), {}));

const DOORS: Door[] = [
  {
    name: "download door",
    serves: "the original",
    route: "app/api/public/download/[videoId]/route.ts",
    expect: (s) => gated(s, () => downloadRule(s, { status: 302, original: "given" })),
    open: ({ f, film, cookie }) => follow(`/api/public/download/${film.id}?${q(f)}`, cookie),
  },
  {
    name: "stream door",
    serves: "the stream copy (the original without one)",
    route: "app/api/public/stream/[videoId]/route.ts",
    // A viewer who may download gets the MP4 as today; anyone else only a film's first seconds.
    // Unpaid: no MP4 at all, not even a film's first seconds.
    expect: (s, film) =>
      gated(s, () =>
        s.unpaid ? PAY_REFUSAL : s.downloads === "ok" && !s.underReview ? { status: 302 } : !film.ladder && film.copy ? { status: 302, original: "window" } : downloadRule(s, { status: 302 }),
      ),
    open: ({ f, film, cookie }) => follow(`/api/public/stream/${film.id}?${q(f)}`, cookie),
  },
  {
    name: "HLS master playlist",
    serves: "the renditions",
    route: "app/api/public/hls/[videoId]/[playlist]/route.ts",
    expect: (s, film) => gated(s, () => (film.ladder ? { status: 200 } : s.unpaid ? PAY_REFUSAL : { status: 404, code: "not_found" })),
    open: ({ f, film, cookie }) => follow(`/api/public/hls/${film.id}/master.m3u8?${q(f)}`, cookie),
  },
  {
    name: "HLS variant playlist",
    serves: "the renditions",
    route: "app/api/public/hls/[videoId]/[playlist]/route.ts",
    expect: (s, film) => gated(s, () => (film.ladder ? { status: 200 } : s.unpaid ? PAY_REFUSAL : { status: 404, code: "not_found" })),
    open: ({ f, film, cookie }) => follow(`/api/public/hls/${film.id}/720p.m3u8?${q(f)}`, cookie),
  },
  {
    // The store answers a segment's signed address; a viewer gets one only from a variant it may read.
    name: "HLS segment (the address a variant names now)",
    serves: "the renditions",
    route: null,
    expect: (s, film) => gated(s, () => (film.ladder ? { status: 200 } : s.unpaid ? PAY_REFUSAL : { status: 404, code: "not_found" })),
    open: async ({ f, film, cookie }) => {
      const variant = await answer(`/api/public/hls/${film.id}/720p.m3u8?${q(f)}`, cookie);
      if (variant.status !== 200) return served(variant);
      const first = (await variant.text()).split("\n").find((l) => /^https?:\/\//.test(l));
      if (!first) return { status: 0, bytes: [], problems: ["the variant named no segment"] };
      const res = await fetch(first);
      return { status: res.status, bytes: [Buffer.from(await res.arrayBuffer())], problems: [] };
    },
  },
  {
    name: "captions door",
    serves: "the captions",
    route: "app/api/public/captions/[videoId]/[captionId]/route.ts",
    expect: (s) => gated(s, () => ({ status: 200 })),
    open: ({ f, film, cookie }) => follow(`/api/public/captions/${film.id}/${film.captionId}?${q(f)}`, cookie),
  },
  {
    name: "chapters door",
    serves: "the chapters",
    route: "app/api/public/chapters/[videoId]/route.ts",
    expect: (s) => gated(s, () => ({ status: 200 })),
    open: ({ f, film, cookie }) => follow(`/api/public/chapters/${film.id}?${q(f)}`, cookie),
  },
  {
    // Earlier versions (issue 57 item 4): the film's versions and their playback, after the gate
    // (the films here keep none; tests/integration/public-versions.test.ts plays an earlier one).
    name: "versions door (the sources it names, followed)",
    serves: "the film's versions' playback",
    route: "app/api/public/versions/[videoId]/route.ts",
    // As the content API's: a film's first seconds play from its stream copy (the documented window).
    expect: (s, film) => gated(s, () => ({ status: 200, ...(film.ladder ? {} : { original: "window" as const }) })),
    open: async ({ f, film, cookie }) => {
      const out = await follow(`/api/public/versions/${film.id}?${q(f)}`, cookie);
      if (out.status !== 200) return out;
      const { versions: list } = JSON.parse(out.text!) as { versions: { current: boolean; playback: { sources: { src: string }[] } | null }[] };
      if (list.length !== 1 || !list[0].current) out.problems.push("a film that keeps no earlier version lists more than its current one");
      // Its sources are the content API's: each answers as that door's cell says (checked there); here, none hands out the original outside its rule.
      for (const src of list[0]?.playback?.sources ?? []) {
        const got = await follow(src.src, cookie);
        out.bytes.push(...got.bytes);
      }
      return out;
    },
  },
  {
    // Review comments (issue 40): only for a guest with a review right, after the gate.
    name: "review comments door",
    serves: "the film's review comments",
    route: "app/api/public/comments/[videoId]/route.ts",
    expect: (s) => gated(s, () => (s.reviewer ? { status: 200 } : { status: 403, code: "forbidden" })),
    open: ({ f, film, cookie }) => follow(`/api/public/comments/${film.id}?${q(f)}`, cookie),
  },
  {
    // Live review (issue 40): the same comments as they change, for the same guests, the gate asked at each connection.
    name: "live review stream",
    serves: "the film's review as it changes",
    route: "app/api/public/comments/[videoId]/live/route.ts",
    expect: (s) => gated(s, () => (s.reviewer ? { status: 200 } : { status: 403, code: "forbidden" })),
    open: ({ f, film, cookie }) => follow(`/api/public/comments/${film.id}/live?${q(f)}`, cookie),
  },
  {
    // Approval (issue 40): a film's review state, for the same guests as its comments.
    name: "approval door",
    serves: "the film's review state",
    route: "app/api/public/approval/[videoId]/route.ts",
    expect: (s) => gated(s, () => (s.reviewer ? { status: 200 } : { status: 403, code: "forbidden" })),
    open: ({ f, film, cookie }) => follow(`/api/public/approval/${film.id}?${q(f)}`, cookie),
  },
  {
    // Engagement (issue 21): a player's reports pass the gate like every door of the film.
    name: "engagement door",
    serves: "the studio's insights (a viewer's reports)",
    route: "app/api/public/engagement/route.ts",
    expect: (s) => gated(s, () => ({ status: 204 })),
    open: ({ f, film, cookie }) => report(engagement, "/api/public/engagement", { gallery: f.slug, videoId: film.id, ranges: [[0, 2]] }, cookie),
  },
  {
    name: "views door",
    serves: "the studio's view counts",
    route: "app/api/public/views/route.ts",
    expect: (s) => gated(s, () => ({ status: 200 })),
    open: ({ f, film, cookie }) => report(views, "/api/public/views", { gallery: f.slug, videoId: film.id }, cookie),
  },
  {
    name: "Download-all archive list",
    serves: "the list of originals (and their sidecars)",
    route: "app/api/public/galleries/[slug]/archive/route.ts",
    expect: (s) => listing(s, () => downloadRule(s, { status: 200, listed: true })),
    open: async ({ f, film, cookie }) => {
      const res = await call(archive, request("GET", `/api/public/galleries/${f.slug}/archive`, { cookie }), { slug: f.slug });
      const out = await served(res);
      if (res.status === 200) out.listed = (JSON.parse(out.text!) as Archive).files.some((x) => x.film === film.id);
      return out;
    },
  },
  {
    // What the player is given: every source it names must answer this viewer (the film plays),
    // and what they hand out is checked like any door's.
    name: "content API (the player's sources, followed)",
    serves: "the film's playback",
    route: "app/api/public/galleries/[slug]/route.ts",
    // Unpaid: a film is listed once its preview ladder is made (the one without a ladder has none).
    expect: (s, film) => listing(s, () => (s.unpaid && !film.ladder ? { status: 200, listed: false } : { status: 200, listed: true, ...(film.ladder ? {} : { original: "window" as const }) })),
    open: async (cell) => {
      const res = await call(content, request("GET", `/api/public/galleries/${cell.f.slug}`, { cookie: cell.cookie }), { slug: cell.f.slug });
      const out = await served(res);
      return res.status === 200 ? playerSources(out, JSON.parse(out.text!) as { state: GalleryViewState }, cell) : out;
    },
  },
  {
    // The closed page's question: the gate's refusals are answers (200, nothing listed), and what
    // it gives a viewer the gate lets in is the content door's, checked the same way.
    name: "entry API (the closed page's question, its sources followed)",
    serves: "the film's playback",
    route: "app/api/public/galleries/[slug]/entry/route.ts",
    expect: (s, film) =>
      s.gate === "missing"
        ? GATE_REFUSAL.missing
        : s.gate !== "open"
          ? { status: 200, code: `closed: ${s.gate}`, listed: false }
          : listing(s, () => (s.unpaid && !film.ladder ? { status: 200, listed: false } : { status: 200, listed: true, ...(film.ladder ? {} : { original: "window" as const }) })),
    open: async (cell) => {
      const res = await call(entry, request("GET", `/api/public/galleries/${cell.f.slug}/entry`, { cookie: cell.cookie }), { slug: cell.f.slug });
      const out = await served(res);
      if (res.status !== 200) return out;
      const answer = JSON.parse(out.text!) as { open: true; content: { state: GalleryViewState } } | { open: false; closed: string };
      if (!answer.open) {
        out.code = `closed: ${answer.closed}`;
        out.listed = false;
        return out;
      }
      return playerSources(out, answer.content, cell);
    },
  },
];

/** Whether the content lists the film, and what every source the player is given for it hands out. */
async function playerSources(out: Served, answer: { state: GalleryViewState }, { film, kind, cookie }: Cell): Promise<Served> {
  const card = answer.state.videos.find((v) => v._id === film.id);
  out.listed = !!card;
  if (!card) return out;
  const sources = card.playback?.sources ?? [];
  if (sources.length === 0) out.problems.push("the film has no source: it does not play");
  if (kind.ladder && sources[0]?.type !== "application/x-mpegurl") out.problems.push("a film with its ladder is not given its HLS playlist first");
  for (const src of sources) {
    const got = await follow(src.src, cookie);
    if (got.status !== 200 && got.status !== 302) out.problems.push(`its source ${src.src} answered ${got.status}${got.code ? ` ${got.code}` : ""}`);
    out.bytes.push(...got.bytes);
    out.problems.push(...got.problems);
  }
  return out;
}

/** Public routes that hand out none of a film's protected things, each with its reason. */
const NOT_DOORS: Record<string, string> = {
  "app/api/public/galleries/[slug]/pin/route.ts": "checks the download PIN; answers { required } and the PIN cookie (a state of this table)",
  "app/api/public/galleries/[slug]/unlock/route.ts": "trades the password for the unlock cookie and answers the content API's body (its row is the content API's)",
  "app/api/public/galleries/[slug]/guest/route.ts": "trades a personal link for the guest cookie (a state of this table) and answers the content API's body",
  "app/api/public/comments/[videoId]/[commentId]/route.ts": "changes or deletes a guest's own review comment (the same gate and rights as the comments door); answers that comment only",
  "app/api/public/invites/open/[inviteId]/route.ts": "the delivery mail's open pixel: a GIF",
  "app/api/public/galleries/[slug]/pay/route.ts": "starts a checkout of the gallery's price (after the gate); answers its address only",
  "app/api/public/invites/media/[inviteId]/route.ts": "the delivery mail's images: the studio's logo and the gallery's background image, no film",
  "app/api/public/galleries/[slug]/access-request/route.ts": "Ask for access on an expired gallery: mails its studio; answers 202 { received } whatever the gallery, nothing of it",
};

// ─── Calling doors and following what they hand out ─────────────────────────────────────────────

type Handler = (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
const ROUTER: [RegExp, Handler, string[]][] = [
  [/^\/api\/public\/download\/([^/]+)$/, download as Handler, ["videoId"]],
  [/^\/api\/public\/stream\/([^/]+)$/, stream as Handler, ["videoId"]],
  [/^\/api\/public\/hls\/([^/]+)\/([^/]+)$/, hls as Handler, ["videoId", "playlist"]],
  [/^\/api\/public\/captions\/([^/]+)\/([^/]+)$/, captions as Handler, ["videoId", "captionId"]],
  [/^\/api\/public\/chapters\/([^/]+)$/, chapters as Handler, ["videoId"]],
  [/^\/api\/public\/versions\/([^/]+)$/, versions as Handler, ["videoId"]],
  [/^\/api\/public\/comments\/([^/]+)$/, comments as Handler, ["videoId"]],
  [/^\/api\/public\/comments\/([^/]+)\/live$/, commentsLive as Handler, ["videoId"]],
  [/^\/api\/public\/approval\/([^/]+)$/, approval as Handler, ["videoId"]],
];

/** A door of the app by its relative address, called as Next calls it, with the viewer's cookies. */
async function answer(path: string, cookie?: string): Promise<Response> {
  const url = new URL(path, "http://localhost");
  for (const [pattern, handler, names] of ROUTER) {
    const m = url.pathname.match(pattern);
    if (m) return call(handler, request("GET", path, { cookie }), Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(m[i + 1])])));
  }
  throw new Error(`no door of the table answers ${path}`);
}

/** A response's status, code (refusals) and body. */
async function served(res: Response): Promise<Served> {
  const text = await bodyText(res);
  const out: Served = { status: res.status, text, bytes: [], problems: [] };
  if (res.status >= 400) {
    try {
      out.code = (JSON.parse(text) as { code?: string }).code;
    } catch {
      out.code = undefined;
    }
    const shape = errorShapeProblem(res.status, text);
    if (shape) out.problems.push(shape);
  }
  return out;
}

/**
 * A door's answer and every byte it leads to: a redirect's target fetched from the store, a
 * playlist's entries followed (the app's playlists through their door, segments from the store).
 */
async function follow(path: string, cookie?: string, depth = 0): Promise<Served> {
  const res = await answer(path, cookie);
  if (res.status === 302) {
    const to = res.headers.get("location")!;
    const got = await fetch(to);
    const problems = got.status === 200 ? [] : [`its redirect's target answered ${got.status}`];
    return { status: 302, bytes: [Buffer.from(await got.arrayBuffer())], problems };
  }
  const out = await served(res);
  if (res.status !== 200) return out;
  out.bytes.push(Buffer.from(out.text!));
  if (!res.headers.get("content-type")?.includes("mpegurl") || depth > 2) return out;
  for (const line of out.text!.split("\n").filter((l) => l && !l.startsWith("#"))) {
    if (/^https?:\/\//.test(line)) {
      const seg = await fetch(line);
      if (seg.status !== 200) out.problems.push(`a segment answered ${seg.status}`);
      out.bytes.push(Buffer.from(await seg.arrayBuffer()));
    } else {
      const base = path.slice(0, path.lastIndexOf("/") + 1);
      const inner = await follow(`${base}${line}`, cookie, depth + 1);
      if (inner.status !== 200) out.problems.push(`${line} answered ${inner.status}`);
      out.bytes.push(...inner.bytes);
      out.problems.push(...inner.problems);
    }
  }
  return out;
}

// ─── Seeding ────────────────────────────────────────────────────────────────────────────────────

const put = (Key: string, Body: Buffer | string, ContentType: string) => s3().send(new PutObjectCommand({ Bucket: bucket(), Key, Body, ContentType }));

/** One film of a kind, laid out as the worker leaves it (lib/media/process-video.ts), with a caption and a chapter. */
async function seedFilm(video: { id: string; storageKey: string; adminId: string }, film: Film): Promise<Seeded> {
  const dir = `${video.storageKey}.derived/`;
  const original = Buffer.from(`ORIGINAL ${video.id} `.repeat(64));
  await put(video.storageKey, original, "video/mp4");
  let copy: Buffer | null = null;
  if (film.copy) {
    copy = film.copy === "same bytes" ? original : Buffer.from(`LOSSLESS REMUX OF ${video.id} `.repeat(64));
    await put(`${dir}stream.mp4`, copy, "video/mp4");
  }
  if (film.ladder) {
    await put(`${dir}hls/master.m3u8`, MASTER, "application/vnd.apple.mpegurl");
    await put(`${dir}hls/720p.m3u8`, VARIANT, "application/vnd.apple.mpegurl");
    for (const s of ["720p_000.ts", "720p_001.ts"]) await put(`${dir}hls/${s}`, `RENDITION ${s} of ${video.id}`, "video/mp2t");
  }
  await db.video.update({
    where: { id: video.id },
    data: {
      streamKey: film.copy ? `${dir}stream.mp4` : null,
      hlsKey: film.ladder ? `${dir}hls/master.m3u8` : null,
      optimizing: !film.ladder,
      durationSec: 6.5,
      sizeBytes: BigInt(original.length),
      processedAt: new Date(),
    },
  });
  const captionKey = `${dir}captions-${randomUUID().slice(0, 8)}.vtt`;
  await put(captionKey, "WEBVTT\n\n00:00.000 --> 00:02.000\nHello\n", "text/vtt");
  const caption = await db.caption.create({
    data: { videoId: video.id, adminId: video.adminId, language: "en", label: "English", storageKey: captionKey, cueCount: 1, sizeBytes: 40, isDefault: true },
  });
  await db.chapter.create({ data: { videoId: video.id, title: "Vows", cueSeconds: 2 } });
  return { id: video.id, storageKey: video.storageKey, captionId: caption.id, original, copy };
}

async function newGallery(): Promise<Fixture> {
  const studio = await createStudio();
  const { gallery, videos } = await createFolderWithGallery(studio.id, { videos: FILMS.length });
  const films = new Map<FilmName, Seeded>();
  for (const [i, film] of FILMS.entries()) films.set(film.name, await seedFilm(videos[i], film));
  return { studioId: studio.id, galleryId: gallery.id, slug: gallery.customUrl, films };
}

// ─── Judging a cell ─────────────────────────────────────────────────────────────────────────────

const describeExpect = (e: Expect) => [e.status, e.code, e.listed === undefined ? "" : e.listed ? "(film listed)" : "(film not listed)"].filter(Boolean).join(" ");

/** What is wrong with a cell's answer, in words, or nothing. */
function judge(state: State, film: Seeded, want: Expect, got: Served): string[] {
  const wrong: string[] = [];
  if (got.status !== want.status || (want.code !== undefined && got.code !== want.code)) wrong.push(`answered ${got.status}${got.code ? ` ${got.code}` : ""}`);
  if (want.listed !== undefined && got.listed !== want.listed) wrong.push(got.listed ? "listed the film" : "did not list the film");
  wrong.push(...got.problems);
  const isOriginal = (b: Buffer) => b.equals(film.original);
  const isCopy = (b: Buffer) => film.copy !== null && b.equals(film.copy);
  if (want.original === "given" && got.status < 400 && !got.bytes.some(isOriginal)) wrong.push("did not hand out the original's bytes");
  // Where the state forbids the original, neither it nor a lossless copy of it may be reached (a film's first seconds excepted).
  if (state.downloads !== "ok" && want.original !== "window") {
    if (got.bytes.some(isOriginal)) wrong.push("handed out the original's bytes");
    else if (got.bytes.some(isCopy)) wrong.push("handed out the stream copy (a lossless copy of the original)");
  }
  // Unpaid (issue 41): the clean ladder never leaves either; what plays is the preview.
  if (state.unpaid && got.bytes.some((b) => b.toString().startsWith("RENDITION "))) wrong.push("handed out a clean rendition");

  return wrong;
}

// ─── The table ──────────────────────────────────────────────────────────────────────────────────

beforeAll(async () => {
  [passwordHash, pinHash] = await Promise.all([hashPassword("open sesame please"), hashPassword("2468")]);
});

describe("the table covers every public door", () => {
  it("each route under app/api/public is a door of the table or named as handing out nothing protected", () => {
    const inTable = new Set(DOORS.map((d) => d.route).filter(Boolean));
    const missing = discoverRoutes()
      .map((r) => r.file)
      .filter((file) => file.startsWith("app/api/public/") && !inTable.has(file) && !(file in NOT_DOORS));
    expect(missing.map((file) => `${file}: add it to DOORS (with its answer in every state) or to NOT_DOORS (with why it hands out nothing protected)`)).toEqual([]);
  });
});

describe("every door × every film × every gate state", () => {
  it.each(STATES.map((s) => [s.name, s] as const))("%s", async (_, state) => {
    const f = await newGallery();
    const cookie = await state.arrange(f);
    const failures: string[] = [];
    for (const door of DOORS) {
      for (const film of FILMS) {
        const seeded = f.films.get(film.name)!;
        const want = door.expect(state, film);
        const got = await door.open({ f, film: seeded, kind: film, cookie });
        const wrong = judge(state, seeded, want, got);
        // Unpaid: what a segment's address reaches is the watermarked preview's.
        if (state.unpaid && door.name.startsWith("HLS segment") && got.status === 200 && !got.bytes.some((b) => b.toString().startsWith("PREVIEW "))) wrong.push("the segment is not the preview's");
        if (wrong.length) failures.push(`${door.name} × ${film.name} × ${state.name}: expected ${describeExpect(want)}; it ${wrong.join(", ")}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
