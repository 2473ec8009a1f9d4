// Generic test (b) of issue 17: every media address in every answer is signed and expires.
// Every API route (discovered from the files, like the isolation matrix) is called as its rightful
// caller — the owning studio, the super admin, or a viewer for the public doors — with the matrix's
// ids and bodies, over a studio whose gallery has every kind of media (thumbnails, an HLS ladder, a
// stream copy, originals, background image and video, music, logo and favicon); so are the public
// page's props, its HTML and its head. Every address pointing at the store, the CDN or the fallback
// host must carry a signature expiring within the hour, and the store must refuse it without its
// signature, for another key, and after its expiry. With Downloads off, no answer to a viewer names
// an original.
import { renderToStaticMarkup } from "react-dom/server";
import { createElement } from "react";
import { db } from "@/lib/db";
import { PublicGalleryScreen } from "@/components/gallery/public-gallery-screen";
import { GalleryHeadTags } from "@/components/gallery/gallery-head";
import { findGallery } from "@/lib/services/access/open-gallery";
import { publicGalleryPageProps } from "@/lib/services/public/public-page";
import { mediaUrl, SIGNED_URL_TTL_SEC } from "@/lib/storage/urls";
import { galleryPrefix } from "@/lib/storage/keys";
import { createSuperadmin } from "../helpers/factories";
import { bearerFor, bodyText, request } from "../helpers/requests";
import { discoverRoutes, fillPath, loadHandlers, wrapperOf, type Method, type RouteFile } from "../helpers/routes";
import { createStudioWithData, segmentValues, type StudioData } from "../helpers/route-fixtures";
import { BODIES, type Probe } from "../helpers/route-bodies";
import { putObjects } from "../helpers/storage";
import { putLadder } from "../helpers/hls";
import { runInScope } from "../helpers/request-scope";
import type { Video } from "@/generated/prisma/client";

jest.mock("next/headers", () => jest.requireActual("../helpers/request-scope").nextHeaders);
jest.setTimeout(240_000);

const ROUTES = discoverRoutes();
const ORDER: Method[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];

let A: StudioData;
let videos: Video[];
let studioToken: string;
let superToken: string;

/** Studio A: the matrix's data, with every kind of media in its gallery. */
async function studioWithMedia() {
  A = await createStudioWithData();
  const prefix = galleryPrefix(A.admin.id, A.folder.id, A.gallery.id);
  videos = [await putLadder(A.videos[0]), await putLadder(A.videos[1], { streamCopy: true })];
  await putObjects([`${prefix}music.mp3`]);
  await db.gallery.update({ where: { id: A.gallery.id }, data: { bgVideoUrl: videos[1].streamKey, musicUrl: `${prefix}music.mp3`, musicName: "music.mp3" } });
  await db.admin.update({ where: { id: A.admin.id }, data: { companyLogoUrl: A.assetKey, companyFaviconUrl: A.assetKey } });
  studioToken = await bearerFor(A.admin);
}

const storeBase = () => `${process.env.S3_ENDPOINT}/${process.env.S3_BUCKET}/`;
const mediaHosts = () => [storeBase(), process.env.CDN_BASE_URL, process.env.MEDIA_FALLBACK_BASE_URL].filter((h): h is string => !!h);

beforeAll(async () => {
  superToken = await bearerFor(await createSuperadmin());
});

type Answer = { where: string; text: string };

/** The rightful caller's credentials for a route: the owner, the super admin, or a viewer (none). */
function callerOf(route: RouteFile): Record<string, string> | null {
  const wrapper = wrapperOf(route);
  if (wrapper === "superadmin") return { authorization: `Bearer ${superToken}` };
  if (wrapper === "studio" || wrapper === "actor") return { authorization: `Bearer ${studioToken}` };
  if (wrapper === "public") return {};
  return null; // next-auth's own endpoints hand out no media
}

/** Every route's answers as its rightful caller (reads first, deletes last), and the page's. */
async function collect(filter: (route: RouteFile) => boolean = () => true): Promise<Answer[]> {
  const answers: Answer[] = [];
  const calls: { route: RouteFile; method: Method }[] = [];
  for (const route of ROUTES.filter(filter)) for (const method of Object.keys(loadHandlers(route)) as Method[]) calls.push({ route, method });
  calls.sort((a, b) => ORDER.indexOf(a.method) - ORDER.indexOf(b.method));
  for (const { route, method } of calls) {
    const headers = callerOf(route);
    if (!headers) continue;
    const handler = loadHandlers(route)[method]!;
    const probes: Probe[] = BODIES[`${method} ${route.pattern}`]?.(A) ?? [{}];
    for (const params of segmentValues(route, A)) {
      for (const probe of probes) {
        const url = new URL(fillPath(route, params), "http://localhost:3000");
        for (const [k, v] of Object.entries(probe.query ?? {})) url.searchParams.set(k, v);
        const req = request(method, url.pathname + url.search, {
          body: probe.body,
          headers: { ...headers, "user-agent": "Mozilla/5.0 Chrome/130", "x-real-ip": "192.0.2.77", origin: "http://localhost:3000" },
        });
        const res = await runInScope(req, () => handler(req, { params: Promise.resolve(params) }));
        answers.push({ where: `${method} ${url.pathname}${url.search}`, text: `${res.headers.get("location") ?? ""}\n${await bodyText(res)}` });
      }
    }
  }
  answers.push(...(await pageAnswers()));
  return answers;
}

/** What the public page sends: its props (sent in the page), its HTML and its head tags. */
async function pageAnswers(): Promise<Answer[]> {
  const result = publicGalleryPageProps(await findGallery(A.gallery.customUrl));
  if (!("props" in result)) return [];
  return [
    { where: "page props", text: JSON.stringify(result.props) },
    { where: "page HTML", text: renderToStaticMarkup(createElement(PublicGalleryScreen, result.props)) },
    { where: "page head", text: renderToStaticMarkup(createElement(GalleryHeadTags, { head: result.props.head })) },
  ];
}

/** Every address on a media host in the answers, with where it was found. */
function mediaAddresses(answers: Answer[]): Map<string, string> {
  const found = new Map<string, string>();
  for (const { where, text } of answers) {
    const unescaped = text.replace(/&amp;/g, "&").replace(/\\u0026/g, "&");
    for (const m of unescaped.matchAll(/https?:\/\/[^\s"'<>\\]+/g)) {
      const url = m[0];
      if (mediaHosts().some((h) => url.startsWith(h))) found.set(url, found.get(url) ?? where);
    }
  }
  return found;
}

function expiryOf(url: string): number | null {
  const u = new URL(url);
  const date = u.searchParams.get("X-Amz-Date");
  if (date) {
    const at = Date.UTC(+date.slice(0, 4), +date.slice(4, 6) - 1, +date.slice(6, 8), +date.slice(9, 11), +date.slice(11, 13), +date.slice(13, 15));
    return at + Number(u.searchParams.get("X-Amz-Expires")) * 1000;
  }
  const cloudFront = u.searchParams.get("Expires");
  return cloudFront && u.searchParams.get("Signature") ? Number(cloudFront) * 1000 : null;
}

const keyOf = (url: string) => decodeURIComponent(new URL(url).pathname).slice(`/${process.env.S3_BUCKET}/`.length);
const withoutSignature = (url: string) => {
  const u = new URL(url);
  for (const p of [...u.searchParams.keys()]) if (/^(x-amz-|expires$|signature$|key-pair-id$)/i.test(p)) u.searchParams.delete(p);
  return u.toString();
};

/** A quoted string as JSON reads it, or its text between the quotes when it is not JSON (an HTML attribute). */
function jsonString(quoted: string): string {
  try {
    return JSON.parse(quoted) as string;
  } catch {
    return quoted.slice(1, -1);
  }
}

describe("every media address in every answer is signed and expires (generic test b)", () => {
  let found: Map<string, string>;
  beforeAll(async () => {
    await studioWithMedia();
    found = mediaAddresses(await collect());
  });

  it("finds the addresses of every kind of media (the test is not vacuous)", () => {
    const keys = [...found.keys()].map(keyOf);
    const expected = [
      videos[0].thumbnailKey!,
      `${videos[0].storageKey}.derived/hls/720p_000.ts`,
      videos[1].streamKey!,
      videos[0].storageKey, // the download redirect, and the studio's own player
      A.bgKey,
      `${galleryPrefix(A.admin.id, A.folder.id, A.gallery.id)}music.mp3`,
      A.assetKey,
    ];
    for (const key of expected) expect([key, keys.includes(key)]).toEqual([key, true]);
    expect(found.size).toBeGreaterThan(10);
  });

  it("each carries a signature expiring within the hour", () => {
    const now = Date.now();
    const bad = [...found].flatMap(([url, where]) => {
      const expiry = expiryOf(url);
      if (expiry === null) return [`${where}: unsigned ${url}`];
      if (expiry <= now || expiry - now > SIGNED_URL_TTL_SEC * 1000) return [`${where}: expires in ${Math.round((expiry - now) / 1000)} s: ${url}`];
      return [];
    });
    expect(bad).toEqual([]);
  });

  it("the store serves each as signed, and refuses it without its signature, for another key, and after its expiry", async () => {
    const gate = await import("../../scripts/store-gate.mjs");
    const key = { accessKeyId: process.env.S3_ACCESS_KEY_ID!, secretAccessKey: process.env.S3_SECRET_ACCESS_KEY!, region: process.env.S3_REGION! };
    const bad: string[] = [];
    for (const [url, where] of found) {
      // Upload addresses (presigned PUTs) are checked without uploading anything.
      const method = /[?&]x-id=(PutObject|UploadPart)\b/.test(url) ? "PUT" : "GET";
      const u = new URL(url);
      if (method === "GET" && (await fetch(url)).status === 403) bad.push(`${where}: refused as signed: ${url}`);
      const anonymous = await fetch(withoutSignature(url), { method });
      if (anonymous.status !== 403) bad.push(`${where}: ${anonymous.status} without its signature: ${url}`);
      const other = url.replace(/(\/[^/?]+)\?/, "$1.other?");
      if ((await fetch(other, { method })).status !== 403) bad.push(`${where}: its signature opens another key: ${url}`);
      // After its expiry: the store's own check, on its clock moved past it, refuses the same address.
      const verdict = gate.verifySignature({ method, url: u.pathname + u.search, headers: { host: u.host } }, key, expiryOf(url)! + 1000);
      if (verdict.ok || !/expired/.test(verdict.message)) bad.push(`${where}: not refused after its expiry: ${url}`);
      // And the same key as the app handed it out two hours ago (correctly signed then): refused now.
      if ((await fetch(mediaUrl(keyOf(url), { now: Date.now() - 2 * 3600_000 })!)).status !== 403) bad.push(`${where}: an address of two hours ago still works: ${url}`);
    }
    expect(bad).toEqual([]);
  });
});

describe("with Downloads off, no answer to a viewer names an original", () => {
  it("the public doors and the page give no address of an original, nor the key; a derived address minus .derived/… opens nothing", async () => {
    await studioWithMedia();
    await db.gallery.update({ where: { id: A.gallery.id }, data: { settingDownload: false, passwordHash: null, expiresAt: null } });
    const answers = await collect((route) => wrapperOf(route) === "public");
    const originals = A.videos.map((v) => v.storageKey);
    const found = mediaAddresses(answers);
    expect(found.size).toBeGreaterThan(3);
    for (const [url, where] of found) expect([where, keyOf(url), originals.includes(keyOf(url))]).toEqual([where, keyOf(url), false]);
    for (const { where, text } of answers) {
      // Every quoted string (escaped quotes kept inside), read as JSON where it is (a page's attribute may not be).
      for (const value of text.match(/"(?:[^"\\]|\\.)*"/g) ?? []) expect([where, originals.includes(jsonString(value))]).toEqual([where, false]);
    }
    // The derived files' keys begin with the original's; the bucket is private, so that says nothing usable.
    for (const url of found.keys()) {
      const at = url.indexOf(".derived/");
      if (at < 0) continue;
      const original = url.slice(0, at);
      expect((await fetch(original)).status).toBe(403);
      expect((await fetch(`${original}?${new URL(url).search.slice(1)}`)).status).toBe(403);
    }
  });
});
