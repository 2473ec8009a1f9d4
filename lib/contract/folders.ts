// Folders and the galleries in them (the studio's library).
import { z } from "zod";
import { door } from "@/lib/contract/door";
import { date, EXAMPLE, messageAnswer, nullableDate } from "@/lib/contract/shapes";
import { videoShape } from "@/lib/contract/films";
import { idSchema } from "@/lib/validation/common";
import { nameBodySchema } from "@/lib/validation/folders";
import { createGallerySchema, galleryListQuerySchema, selectedVideosSchema, settingSchema, updateGalleryTextSchema, updateSettingsSchema } from "@/lib/validation/galleries";
import { backgroundSchema } from "@/lib/validation/gallery-media";
import { GALLERY_AUDIENCES, galleryAccessSchema } from "@/lib/validation/public";
import { galleryLookSchema } from "@/lib/validation/gallery-look";

const FOLDERS = "Folders";
const GALLERIES = "Galleries";
const idPath = z.object({ id: idSchema });

// The folder and gallery answers keep the spec's names (§3: _id, customurl, setting, backgroundMedia, selectedVideos).

const backgroundShape = z.object({
  imgUrl: z.string().nullable().describe("The stored image's public address, or null."),
  videoUrl: z.string().nullable().describe("The stored video's public address, or null."),
  musicUrl: z.string().nullable().describe("The stored music's public address, or null."),
  musicName: z.string().nullable(),
});
export type BackgroundMedia = z.output<typeof backgroundShape>;

const galleryAccessShape = z.object({ hasPassword: z.boolean(), expiresAt: nullableDate });
export type GalleryAccessDto = z.output<typeof galleryAccessShape>;

const galleryShape = z.object({
  _id: z.string(),
  name: z.string(),
  title: z.string(),
  subtitle: z.string(),
  folderId: z.string(),
  templateId: z.string(),
  createdAt: date,
  fheading: z.string(),
  fbody: z.string(),
  customurl: z.string(),
  look: galleryLookSchema.describe("Accent and text colours, the cover's focal point."),
  setting: settingSchema,
  backgroundMedia: backgroundShape,
  selectedVideos: z.array(z.string()).describe("Ids of the showcased videos, in order."),
  access: galleryAccessShape.describe("A viewers' password and an expiry (the studio's Locked / Expires / Expired badges)."),
});
export type GalleryDto = z.output<typeof galleryShape>;

/** What the gallery's clients have done, for its card's chips and the list's filter (lib/services/galleries/rules/gallery-status.ts). */
const galleryStatusShape = z
  .object({
    payment: z
      .discriminatedUnion("state", [
        z.object({ state: z.literal("awaiting"), due: z.number().int().describe("What is left to pay, in the currency's minor units."), currency: z.string() }),
        z.object({ state: z.literal("paid") }),
      ])
      .nullable()
      .describe("null: no price."),
    review: z
      .object({
        films: z.number().int().describe("Ready films."),
        approved: z.number().int().describe("Films whose current version is approved."),
        changes: z.number().int().describe("Films whose current version has changes requested."),
        openComments: z.number().int().describe("Unresolved comments on the films' current versions."),
      })
      .nullable()
      .describe("null: the gallery is in delivery."),
  })
  .describe("Its payment and review at a glance (Awaiting payment, Paid, In review, Changes requested, Approved n of m).");
export type GalleryStatusDto = z.output<typeof galleryStatusShape>;

export const galleryCardShape = galleryShape.pick({ _id: true, name: true, createdAt: true, customurl: true, access: true }).extend({
  imgUrl: z.string().nullable(),
  stats: z.object({ films: z.number().int(), viewers: z.number().int(), lastVisitAt: date.nullable() }).describe("A gallery's business at a glance on its card: films, viewers, the last visit."),
  status: galleryStatusShape,
});
export type GalleryCardDto = z.output<typeof galleryCardShape>;
export type GalleryCardStats = GalleryCardDto["stats"];

/** A gallery in the studio's galleries list: its card, and the folder it is in. */
const galleryListItemShape = galleryCardShape.extend({ folderId: z.string() });

const galleryListShape = z.object({
  galleries: z.array(galleryListItemShape),
  next: z.string().nullable().describe("The `cursor` of the next (older) page; null: no more."),
});
export type GalleryListDto = z.output<typeof galleryListShape>;

const folderShape = z.object({ _id: z.string(), name: z.string(), adminId: z.string(), createdAt: date, galleries: z.array(galleryCardShape) });
export type FolderDto = z.output<typeof folderShape>;

const galleryDetailsShape = z.object({
  folder: z.object({ _id: z.string(), name: z.string(), adminId: z.string() }),
  gallery: galleryShape,
  videos: z.array(videoShape),
  url: z.string().describe("The delivery link: base link plus custom url."),
});
export type GalleryDetailsDto = z.output<typeof galleryDetailsShape>;

const accessShape = z.object({
  hasPassword: z.boolean(),
  hasDownloadPin: z.boolean(),
  expiresAt: nullableDate,
  audience: z.enum(GALLERY_AUDIENCES).describe("Who may open the gallery: `link`, anyone with its link; `invited`, only a guest's valid personal link (or its password, when it has one)."),
});

export const folders = {
  list: door({ method: "GET", path: "/api/folder/folders", who: "studio", answer: z.array(folderShape), summary: "The studio's folders with their galleries", tag: FOLDERS }),
  create: door({
    method: "POST",
    path: "/api/folder/folders",
    who: "studio",
    body: nameBodySchema,
    status: 201,
    answer: folderShape,
    summary: "Create a folder",
    tag: FOLDERS,
    example: { name: "Weddings 2026" },
  }),
  rename: door({ method: "PUT", path: "/api/folder/folders/:id", who: "studio", params: idPath, body: nameBodySchema, answer: folderShape, summary: "Rename a folder", tag: FOLDERS }),
  remove: door({ method: "DELETE", path: "/api/folder/folders/:id", who: "studio", params: idPath, answer: messageAnswer, summary: "Delete a folder, its galleries and films", tag: FOLDERS }),
};

export const galleries = {
  list: door({
    method: "GET",
    path: "/api/galleries",
    who: "studio",
    query: galleryListQuerySchema,
    answer: galleryListShape,
    summary: "The studio's galleries, newest first, by folder and status",
    description:
      "Every gallery of the studio as its card shows it (with its `folderId`), in the folder view's order: newest first by creation, then by id. `folderId`: one folder's (another studio's folder, or none, gives an empty list). `status`: the studio's filter chips, one of `all` (the default), `awaiting` (payment due), `paid`, `review` (in review, not every film approved), `changes` (changes requested), `approved` (a film approved), `expiring` (closes within 14 days). `limit`: 1 to 100 (20 by default). Pass the answer's `next` as `cursor` for the next page; `next` is null on the last one. Anything else in the query is a 400.",
    tag: GALLERIES,
  }),
  create: door({
    method: "POST",
    path: "/api/galleries/create",
    who: "studio",
    body: createGallerySchema,
    status: 201,
    answer: z.object({ _id: z.string(), name: z.string(), customurl: z.string() }),
    errors: ["custom_url_taken"],
    summary: "Create a gallery in a folder",
    tag: GALLERIES,
  }),
  rename: door({
    method: "PUT",
    path: "/api/galleries/galleries/:id",
    who: "studio",
    params: idPath,
    body: nameBodySchema,
    answer: z.object({ _id: z.string(), name: z.string() }),
    summary: "Rename a gallery",
    tag: GALLERIES,
  }),
  details: door({
    method: "GET",
    path: "/api/galleries/gallery/:id",
    who: "studio",
    params: idPath,
    answer: galleryDetailsShape,
    summary: "A gallery with its films and its delivery link",
    tag: GALLERIES,
  }),
  remove: door({ method: "DELETE", path: "/api/galleries/gallery/:id", who: "studio", params: idPath, answer: messageAnswer, summary: "Delete a gallery and its films", tag: GALLERIES }),
  updateText: door({
    method: "PUT",
    path: "/api/galleries/update-gallery-title",
    who: "studio",
    body: updateGalleryTextSchema,
    answer: z.object({
      gallery: z.object({ _id: z.string(), name: z.string(), title: z.string(), subtitle: z.string(), fheading: z.string(), fbody: z.string(), customurl: z.string(), look: galleryLookSchema }),
      url: z.string(),
    }),
    errors: ["custom_url_taken"],
    summary: "Change a gallery's texts, fonts, custom URL and look",
    tag: GALLERIES,
  }),
  settings: door({
    method: "PUT",
    path: "/api/galleries/gallery/settings/:id",
    who: "studio",
    params: idPath,
    body: updateSettingsSchema,
    answer: z.object({ setting: settingSchema }),
    summary: "Flip a gallery's settings (downloads, share, TV, play all, listed, language)",
    tag: GALLERIES,
    example: { setting: { download: true } },
  }),
  access: door({
    method: "GET",
    path: "/api/galleries/gallery/:id/access",
    who: "studio",
    params: idPath,
    answer: z.object({ access: accessShape }),
    summary: "A gallery's password, PIN and expiry (whether set), and its audience",
    tag: GALLERIES,
  }),
  setAccess: door({
    method: "PUT",
    path: "/api/galleries/gallery/:id/access",
    who: "studio",
    params: idPath,
    body: galleryAccessSchema,
    answer: z.object({ access: accessShape }),
    summary: "Set or clear a gallery's password, download PIN and expiry; set its audience",
    description:
      "Any of the fields may be sent alone. `audience`: `link` (anyone with the gallery's link; every gallery's default) or `invited` (only a guest's valid personal link, or the password when one is set, opens the gallery and every door of its films; anyone else gets 403 `invite_required`, a link that no longer works 403 `invite_invalid`). Any other value is a 400 and changes nothing. Every change expires the gallery's cached pages.",
    example: { audience: "invited" },
    tag: GALLERIES,
  }),
  background: door({
    method: "PUT",
    path: "/api/galleries/gallery/:id/background",
    who: "studio",
    params: idPath,
    body: backgroundSchema,
    answer: z.object({ backgroundMedia: backgroundShape }),
    errors: ["upload_state_conflict", "not_enough_credits"],
    summary: "Set or remove a gallery's background image, video or music",
    tag: GALLERIES,
    example: { imgUrl: EXAMPLE.key.replace(/[^/]+$/, "m3x1kq2a9f04c1d2_garden.jpg") },
  }),
  selectedVideos: door({
    method: "GET",
    path: "/api/galleries/gallery/:id/selected-videos",
    who: "studio",
    params: idPath,
    answer: z.array(videoShape),
    summary: "A gallery's showcase, in order",
    tag: GALLERIES,
  }),
  setSelectedVideos: door({
    method: "PUT",
    path: "/api/galleries/gallery/:id/selected-videos",
    who: "studio",
    params: idPath,
    body: selectedVideosSchema,
    answer: z.object({ selectedVideos: z.array(videoShape) }),
    summary: "Set a gallery's showcase (the whole ordered list)",
    tag: GALLERIES,
  }),
  videos: door({
    method: "GET",
    path: "/api/galleries/get-gallery-videos/:id",
    who: "studio",
    params: idPath,
    answer: z.object({ videos: z.array(videoShape), templateId: z.string() }),
    summary: "A gallery's films",
    tag: GALLERIES,
  }),
};
