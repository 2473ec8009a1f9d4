// What the gallery's viewers do besides looking: views are counted, originals downloaded. Public
// (no session); only READY videos of an Active studio's gallery that is open to this viewer.
import "server-only";
import { randomBytes } from "node:crypto";
import { db } from "@/lib/db";
import { AppError, notFound } from "@/lib/errors";
import { requireOpen } from "@/lib/services/gallery-access";
import { downloadFileName, signedDownloadUrl } from "@/lib/storage/downloads";
import { TEXTS } from "@/lib/texts";

type Cookies = { get(name: string): { value: string } | undefined };

export const VIEWER_COOKIE = "vf_viewer";

/** Crawlers, link unfurlers and scripted clients (and requests that name no client at all). */
const BOT_UA = /bot|crawl|spider|slurp|preview|facebookexternalhit|embedly|whatsapp|telegram|discord|skype|vkshare|headless|lighthouse|curl|wget|python-requests|python-urllib|httpclient|okhttp|go-http-client|node-fetch|axios|libwww|scrapy|postman/i;

export function isBot(userAgent: string | null | undefined): boolean {
  return !userAgent || BOT_UA.test(userAgent);
}

export function newViewerId(): string {
  return randomBytes(16).toString("base64url");
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A gallery named by custom url, or by id. */
const galleryWhere = (ref: string) => (UUID.test(ref) ? { OR: [{ id: ref.toLowerCase() }, { customUrl: ref }] } : { customUrl: ref });

/** The video, if it is a READY video of that gallery of an Active studio, with its gallery's gate. */
async function findViewable(galleryRef: string, videoId: string) {
  const video = await db.video.findFirst({
    where: { id: videoId, status: "READY", gallery: { ...galleryWhere(galleryRef), admin: { status: "ACTIVE" } } },
    select: {
      id: true,
      title: true,
      storageKey: true,
      gallery: { select: { id: true, settingDownload: true, passwordHash: true, passwordVersion: true, expiresAt: true } },
    },
  });
  if (!video) throw notFound();
  const g = video.gallery;
  return { video, gate: { galleryId: g.id, hasPassword: g.passwordHash !== null, passwordVersion: g.passwordVersion, expiresAt: g.expiresAt }, download: g.settingDownload };
}

/**
 * Counts one view of the video by this viewer, once: the (video, viewer) row is inserted with
 * ON CONFLICT DO NOTHING and the counter is raised only when it was new, in one transaction, so
 * two identical requests at the same moment count once. Bots are not counted.
 */
export async function recordView(input: { gallery: string; videoId: string; viewerId: string; userAgent: string | null; cookies: Cookies }): Promise<{ counted: boolean }> {
  if (isBot(input.userAgent)) return { counted: false };
  const { gate } = await findViewable(input.gallery, input.videoId);
  requireOpen(gate, input.cookies);
  const counted = await db.$transaction(async (tx) => {
    const { count } = await tx.videoView.createMany({ data: [{ videoId: input.videoId, viewerId: input.viewerId }], skipDuplicates: true });
    if (count === 0) return false;
    await tx.video.update({ where: { id: input.videoId }, data: { views: { increment: 1 } } });
    return true;
  });
  return { counted };
}

/** A short-lived link to the original file, when the gallery's Downloads toggle is on. */
export async function downloadLink(input: { gallery: string; videoId: string; cookies: Cookies }): Promise<string> {
  const { video, gate, download } = await findViewable(input.gallery, input.videoId);
  requireOpen(gate, input.cookies);
  if (!download) throw new AppError("FORBIDDEN", TEXTS.viewer.downloadsOff);
  return signedDownloadUrl(video.storageKey, downloadFileName(video.title, video.storageKey));
}
