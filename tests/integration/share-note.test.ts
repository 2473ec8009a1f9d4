// Share on a password gallery (issue 39 item 8): the link it shares opens on the password form, so
// the page's content says the gallery asks for one, and every viewer language has the note to say so.
import { db } from "@/lib/db";
import { galleryContent } from "@/lib/services/public/public-gallery";
import { findGallery } from "@/lib/services/access/open-gallery";
import { VIEWER_CATALOGUES, VIEWER_LANGUAGE_CODES } from "@/lib/viewer-i18n";
import { createFolderWithGallery, createStudio } from "../helpers/factories";

it("a password gallery's content says it asks for a password, for its viewers and the studio's preview; an open one's does not", async () => {
  const studio = await createStudio();
  const { gallery } = await createFolderWithGallery(studio.id, { videos: 1 });
  const open = galleryContent((await findGallery(gallery.customUrl))!, "viewer").state;
  expect(open.passwordProtected).toBeUndefined();

  await db.gallery.update({ where: { id: gallery.id }, data: { passwordHash: "$argon2id$not-checked-here" } });
  const locked = (await findGallery(gallery.customUrl))!;
  expect(galleryContent(locked, "viewer").state.passwordProtected).toBe(true);
  expect(galleryContent(locked, "studio").state.passwordProtected).toBe(true);
});

it("every viewer language tells the sharer the link needs the password", () => {
  expect(VIEWER_CATALOGUES.en.gallery.sharePasswordNote).toBe("People will need the password to open this link.");
  const notes = VIEWER_LANGUAGE_CODES.map((l) => VIEWER_CATALOGUES[l].gallery.sharePasswordNote);
  expect(notes.every((n) => n.trim().length > 0)).toBe(true);
  expect(new Set(notes).size).toBe(notes.length);
});
