// What the gallery page shows, and the messages by which the studio's editor hands its unsaved
// state to the preview frame (spec §2 Gallery preview header). Pure: used by both sides.
import { z } from "zod";
import { settingSchema } from "@/lib/validation/galleries";
import type { GalleryDto } from "@/lib/contract/folders";
import type { VideoDto } from "@/lib/contract/films";
import { galleryLookSchema } from "@/lib/validation/gallery-look";

const url = z.string().max(2048).nullable();

// A signed media address, or a path of the app's own playlist and stream doors.
const playSourceSchema = z.object({
  src: z
    .string()
    .max(2048)
    .regex(/^(https?:\/\/|\/(?![/\\]))/i),
  type: z.enum(["application/x-mpegurl", "video/mp4"]),
});

const videoCardSchema = z.object({
  _id: z.string(),
  title: z.string().max(500),
  thumbnail: url,
  /** What the player loads (null until ready). */
  playback: z
    .object({ sources: z.array(playSourceSchema).max(4), fallback: z.array(playSourceSchema).max(4) })
    .nullable()
    .default(null),
  durationSec: z.number().nonnegative().nullable().default(null),
  width: z.number().int().positive().nullable().default(null).describe("The film's picture width in pixels as shown (after any rotation); null when unknown: the page then draws it 16:9."),
  height: z.number().int().positive().nullable().default(null).describe("Its picture height in pixels as shown; with `width`, the shape of its card, thumbnail and player."),
  /** Sorted by start. */
  chapters: z
    .array(z.object({ title: z.string().max(500), seconds: z.number().int().nonnegative() }))
    .max(500)
    .default([]),
  /** The chapters track by address (a viewer's page; the preview draws them from `chapters`). */
  chaptersSrc: z
    .string()
    .max(2048)
    .regex(/^\/(?![/\\])/)
    .nullable()
    .default(null),
  /** Caption tracks (the app's own doors), the default first. */
  captions: z
    .array(
      z.object({
        src: z
          .string()
          .max(2048)
          .regex(/^\/(?![/\\])/),
        language: z.string().max(20),
        label: z.string().max(100),
        isDefault: z.boolean(),
      }),
    )
    .max(50)
    .default([]),
  /**
   * In a gallery in review: the film's state on its current version, and whether its
   * download is still closed. In delivery: `approved` (never closed) when its current version was
   * approved, else null. No names: the page is the same for every viewer.
   */
  review: z
    .object({ state: z.enum(["open", "approved", "changes_requested"]), version: z.number().int().positive(), closed: z.boolean() })
    .nullable()
    .optional(),
});

export const galleryViewStateSchema = z.object({
  /** Which gallery this is (for the public calls: views, downloads); absent in older messages. */
  galleryId: z.string().max(100).optional(),
  slug: z.string().max(100).optional(),
  title: z.string().max(500),
  subtitle: z.string().max(500),
  fheading: z.string().max(100),
  fbody: z.string().max(100),
  look: galleryLookSchema,
  setting: settingSchema,
  /** Downloads ask for the gallery's download PIN (the page then checks, per browser, before one starts). */
  downloadPin: z.boolean().optional(),
  /** The gallery asks for a password: whoever is sent its link will need it too (Share says so). */
  passwordProtected: z.boolean().optional(),
  background: z.object({ imgUrl: url, videoUrl: url, musicUrl: url, musicName: z.string().max(500).nullable() }),
  /**
   * Paid delivery: a gallery with a price. `locked`: unpaid with Pay to unlock (the films
   * are watermarked previews, downloads closed; the page shows the pay panel); `paid` once paid.
   * Amounts in the currency's minor units. Absent: no price, or the studio's own preview.
   */
  payment: z
    .object({
      amount: z.number().int().nonnegative(),
      deposit: z.number().int().nonnegative(),
      due: z.number().int().nonnegative(),
      currency: z.string().regex(/^[a-z]{3}$/),
      dueAt: z.string().max(40).nullable(),
      locked: z.boolean(),
      paid: z.boolean(),
    })
    .optional(),
  /** The showcased videos, in order. */
  showcase: z.array(videoCardSchema).max(1000),
  /** Every ready video of the gallery, newest first. */
  videos: z.array(videoCardSchema).max(5000),
});

export type GalleryViewState = z.infer<typeof galleryViewStateSchema>;
export type VideoCard = z.infer<typeof videoCardSchema>;

/** Editor → frame: the state to show. Frame → editor: ready to receive it. */
export const PREVIEW_STATE = "vidfolio:preview-state";
export const PREVIEW_READY = "vidfolio:preview-ready";

const stateMessageSchema = z.object({ type: z.literal(PREVIEW_STATE), state: galleryViewStateSchema });

/** The state carried by a message, or null for anything else (or anything malformed). */
export function stateFromMessage(data: unknown): GalleryViewState | null {
  const parsed = stateMessageSchema.safeParse(data);
  return parsed.success ? parsed.data.state : null;
}

export function isReadyMessage(data: unknown): boolean {
  return (data as { type?: unknown } | null)?.type === PREVIEW_READY;
}

/** The editor's current (possibly unsaved) gallery as the page shows it: ready videos only. */
export function viewStateOf(
  g: Pick<GalleryDto, "_id" | "customurl" | "title" | "subtitle" | "fheading" | "fbody" | "look" | "setting" | "backgroundMedia" | "selectedVideos">,
  videos: VideoDto[],
): GalleryViewState {
  const ready = videos.filter((v) => v.status === "READY");
  const card = (v: VideoDto): VideoCard => ({
    _id: v._id,
    title: v.title,
    thumbnail: v.thumbnail,
    playback: v.playback,
    durationSec: v.durationSec,
    width: v.width,
    height: v.height,
    chapters: [],
    chaptersSrc: null,
    captions: [],
  });
  return {
    galleryId: g._id,
    slug: g.customurl,
    title: g.title,
    subtitle: g.subtitle,
    fheading: g.fheading,
    fbody: g.fbody,
    look: g.look,
    setting: g.setting,
    background: g.backgroundMedia,
    showcase: g.selectedVideos.flatMap((id) => ready.filter((v) => v._id === id)).map(card),
    videos: ready.map(card),
  };
}
