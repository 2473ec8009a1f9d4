// A studio with everything an export carries (issue 23): two folders, galleries with colliding
// titles, a background, music, a logo, films with thumbnails, chapters, captions, a showcase, a
// guest and credit history, every file real in the store. `contents`: each stored key's bytes.
// The films are random bytes (READY as the fixture says), or `film`'s bytes, a real clip, for a
// test that has the worker process them (processStudioFilms).
import { randomBytes, randomUUID } from "node:crypto";
import { db } from "@/lib/db";
import { hashPassword } from "@/lib/auth/password";
import { inviteToken, newInviteSalt, tokenHash } from "@/lib/auth/guest-link";
import { makePng } from "./png";
import { putObject } from "./storage";
import type { createStudio } from "./factories";
import { processVideoWhole } from "./videos";

type Studio = Awaited<ReturnType<typeof createStudio>>;

export async function seedLibrary(studio: Studio, { film }: { film?: Buffer } = {}) {
  const contents = new Map<string, Buffer>();
  const put = async (key: string, body: Buffer, type: string) => {
    await putObject(key, body, type);
    contents.set(key, body);
    return key;
  };
  const logo = await put(`${studio.id}/assets/${Date.now().toString(36)}_logo.png`, makePng(40, 20), "image/png");
  await db.admin.update({ where: { id: studio.id }, data: { companyName: "Northlight / Films", companyLogoUrl: logo, websiteUrl: "https://northlight.example" } });
  const folder = await db.folder.create({ data: { name: "Weddings", adminId: studio.id } });
  const other = await db.folder.create({ data: { name: "weddings", adminId: studio.id } });
  const slug = `export-${randomUUID().slice(0, 8)}`;
  const gid = randomUUID();
  const prefix = `${studio.id}/${folder.id}/${gid}/`;
  const bg = await put(`${prefix}bg.jpg`, randomBytes(3000), "image/jpeg");
  const music = await put(`${prefix}First_Dance.mp3`, randomBytes(5000), "audio/mpeg");
  const gallery = await db.gallery.create({
    data: {
      id: gid,
      name: "Emma & James",
      title: "Emma & James",
      subtitle: "Lake Como",
      folderId: folder.id,
      adminId: studio.id,
      customUrl: slug,
      bgImageUrl: bg,
      musicUrl: music,
      musicName: "First Dance",
      settingLanguage: "fr",
      downloadPinHash: await hashPassword("4321"),
    },
  });
  const films = [];
  for (const [i, title] of ["Ceremony", "ceremony", "Toast / Speech", "CON"].entries()) {
    const key = `${prefix}film_${i}.mp4`;
    const bytes = film ?? randomBytes(200_000 + i * 1000);
    await put(key, bytes, "video/mp4");
    const thumb = await put(`${key}.derived/thumb-500.jpg`, randomBytes(2000), "image/jpeg");
    films.push(
      await db.video.create({
        data: {
          title,
          storageKey: key,
          thumbnailKey: thumb,
          sizeBytes: bytes.length,
          durationSec: 61.5,
          width: 1920,
          height: 1080,
          status: "READY",
          galleryId: gid,
          adminId: studio.id,
          createdAt: new Date(Date.now() - (10 - i) * 60_000),
        },
      }),
    );
  }
  await db.chapter.createMany({
    data: [
      { videoId: films[0].id, title: "Vows", cueSeconds: 12 },
      { videoId: films[0].id, title: "Rings", cueSeconds: 40 },
    ],
  });
  const vtt = Buffer.from("WEBVTT\n\n00:00:01.000 --> 00:00:03.000\nBonjour\n");
  const capKey = await put(`${prefix}${Date.now().toString(36)}_captions_fr.vtt`, vtt, "text/vtt");
  await db.caption.create({ data: { videoId: films[0].id, adminId: studio.id, language: "fr", label: "Français", isDefault: true, storageKey: capKey, cueCount: 1, sizeBytes: vtt.length } });
  await db.showcaseItem.createMany({
    data: [
      { galleryId: gid, videoId: films[2].id, position: 0 },
      { galleryId: gid, videoId: films[0].id, position: 1 },
    ],
  });
  const inviteId = randomUUID();
  const salt = newInviteSalt();
  await db.galleryInvite.create({
    data: { id: inviteId, galleryId: gid, adminId: studio.id, name: "Anna", email: "anna@example.test", salt, tokenHash: tokenHash(inviteToken(inviteId, salt)), mayDownload: true },
  });
  // A second, locked gallery in the other folder (same name as the first: its own folder).
  const gid2 = randomUUID();
  const locked = await db.gallery.create({
    data: { id: gid2, name: "Emma & James", title: "Private", folderId: other.id, adminId: studio.id, customUrl: `${slug}-b`, passwordHash: await hashPassword("open sesame") },
  });
  const key2 = `${studio.id}/${other.id}/${gid2}/film.mov`;
  const bytes2 = film ?? randomBytes(50_000);
  await put(key2, bytes2, "video/quicktime");
  await db.video.create({ data: { title: "Ceremony", storageKey: key2, sizeBytes: bytes2.length, status: "READY", galleryId: gid2, adminId: studio.id } });
  await db.creditEntry.create({ data: { adminId: studio.id, type: "purchased", creditBytes: 5n * 1024n ** 3n, purpose: "Pack 5 GB", amountCents: 3500 } });
  return { gallery, locked, films, contents };
}

/** Every film of the studio through the worker's processing, as its queue would run it (each must come out READY). */
export async function processStudioFilms(adminId: string): Promise<void> {
  const films = await db.video.findMany({ where: { adminId }, select: { id: true, title: true } });
  // At once, as the worker's concurrent jobs would run them.
  const outcomes = await Promise.all(films.map((f) => processVideoWhole(f.id)));
  films.forEach((f, i) => {
    if (outcomes[i] !== "ready") throw new Error(`film ${f.title} ended ${outcomes[i]}`);
  });
}
