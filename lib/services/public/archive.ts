// GET /api/public/galleries/:slug/archive — what a viewer's "Download all" puts in its
// ZIP, for a browser the gallery gate lets in and lets download (Downloads on, the download PIN
// given when there is one, a guest's download right): each film's name, size and the door it is
// fetched from (the download door, which counts it and redirects to the store: the bytes never pass
// through the app), and its chapters and captions beside it. In a gallery in review, only approved
// films (none approved: 403 under_review). The ZIP itself is made in the browser
// (lib/browser/download-all).
import "@/lib/server-only";
import { HeadObjectCommand } from "@aws-sdk/client-s3";
import { reviewRefusal, type ViewerCredentials, openGallery } from "@/lib/services/access";
import { galleryContent } from "@/lib/services/public/public-gallery";
import { gallerySections } from "@/lib/services/public/rules/gallery-sections";
import { archiveFileName, originalExtension, uniqueBases, type Archive, type ArchiveFile } from "@/lib/services/public/rules/archive-names";
import { bucket, s3 } from "@/lib/storage/client";
import { doors } from "@/lib/contract";

const enc = encodeURIComponent;

async function storedSize(key: string): Promise<number | null> {
  try {
    const head = await s3().send(new HeadObjectCommand({ Bucket: bucket(), Key: key }));
    return head.ContentLength ?? null;
  } catch {
    return null;
  }
}

export async function galleryArchive(slug: string, credentials: ViewerCredentials): Promise<Archive> {
  const { gallery } = await openGallery(slug, credentials, { download: true });
  const { state } = galleryContent(gallery, "viewer");
  // The page's order: the showcase first, then every other film; in review, only the films whose
  // current version is approved (the others' download door refuses them).
  const all = gallerySections(state.showcase, state.videos).order;
  const order = all.filter((v) => !v.review?.closed);
  if (all.length > 0 && order.length === 0) throw reviewRefusal();
  const rows = new Map(gallery.videos.map((v) => [v.id, v]));
  const bases = uniqueBases(order.map((v) => v.title));
  const files: ArchiveFile[] = [];
  for (const [i, card] of order.entries()) {
    const v = rows.get(card._id)!;
    const base = bases[i];
    const size = v.sizeBytes !== null ? Number(v.sizeBytes) : await storedSize(v.storageKey);
    files.push({ name: `${base}.${originalExtension(v.storageKey)}`, size, src: `${doors.publicGallery.download.url({ videoId: v.id })}?g=${enc(gallery.customUrl)}`, film: v.id });
    if (card.chaptersSrc) files.push({ name: `${base}.chapters.vtt`, size: null, src: card.chaptersSrc });
    for (const [j, c] of v.captions.entries()) files.push({ name: `${base}.${c.language}.vtt`, size: c.sizeBytes, src: card.captions[j].src });
  }
  return { name: archiveFileName(gallery.title || gallery.customUrl), files };
}
