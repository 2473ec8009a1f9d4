import { z } from "zod";
import { BROWSER_LANGUAGE, VIEWER_LANGUAGES } from "@/lib/viewer-i18n/language.cjs";
import { FONT_VALUES } from "@/lib/services/galleries/rules/font-pairs";
import { lookChangeSchema } from "@/lib/validation/gallery-look";
import { SLUG_LENGTH, SLUG_PATTERN, isCustomUrl } from "@/lib/services/galleries/rules/slug";
import { TEMPLATE_IDS } from "@/lib/services/galleries/rules/templates";
import { STATUS_FILTERS } from "@/lib/services/galleries/rules/gallery-status";
import { TEXTS } from "@/lib/texts";
import { idField, pageLimit } from "@/lib/validation/common";
import { isId } from "@/lib/ids";
import { nameSchema } from "@/lib/validation/folders";

export const TITLE_MAX = 200;
export const SUBTITLE_MAX = 300;

const id = (what: string) => idField(`${what} must be an id.`);
const font = z.enum(FONT_VALUES, { error: "Choose one of the offered fonts." });

export const titleSchema = z.string({ error: TEXTS.titleRequired }).trim().min(1, TEXTS.titleRequired).max(TITLE_MAX, `Use at most ${TITLE_MAX} characters.`);
export const subtitleSchema = z.string().trim().max(SUBTITLE_MAX, `Use at most ${SUBTITLE_MAX} characters.`);

export const customUrlSchema = z
  .string({ error: TEXTS.customUrlInvalid })
  .trim()
  .min(SLUG_LENGTH.min, TEXTS.customUrlInvalid)
  .max(SLUG_LENGTH.max, TEXTS.customUrlInvalid)
  .regex(SLUG_PATTERN, TEXTS.customUrlInvalid)
  // An id's shape is the one well-formed slug refused (lib/services/galleries/rules/slug.ts): it would name another gallery.
  .refine(isCustomUrl, TEXTS.customUrlIsId);

/** POST /api/galleries/create */
export const createGallerySchema = z.object({
  name: nameSchema,
  title: z.string().trim().max(TITLE_MAX).optional(),
  folderId: id("folderId"),
  templateId: z.enum(TEMPLATE_IDS, { error: "Choose a layout." }),
  fheading: font.optional(),
  fbody: font.optional(),
});
export type CreateGalleryInput = z.infer<typeof createGallerySchema>;

/** PUT /api/galleries/update-gallery-title: the gallery id plus any of its texts, fonts, custom url and look (colours, cover focal point). */
export const updateGalleryTextSchema = z
  .object({
    galleryId: id("galleryId"),
    title: titleSchema.optional(),
    subtitle: subtitleSchema.optional(),
    fheading: font.optional(),
    fbody: font.optional(),
    customurl: customUrlSchema.optional(),
    look: lookChangeSchema.optional(),
  })
  .refine((b) => Object.keys(b).length > 1, { message: "Send at least one of title, subtitle, fheading, fbody, customurl, look." });
export type UpdateGalleryTextInput = z.infer<typeof updateGalleryTextSchema>;

/** A gallery's viewer language: the guest's browser ("auto", the default) or one viewer language. */
export const galleryLanguageSchema = z.enum([BROWSER_LANGUAGE, ...VIEWER_LANGUAGES] as [string, ...string[]], {
  error: `language must be one of ${[BROWSER_LANGUAGE, ...VIEWER_LANGUAGES].join(", ")}.`,
});

/**
 * The four button toggles (spec §3 setting), `listed`: whether the gallery is shown on the
 * studio's domain home page (off by default), and the viewer's `language`.
 */
export const settingSchema = z.object({
  download: z.boolean(),
  share: z.boolean(),
  tv: z.boolean(),
  playall: z.boolean(),
  listed: z.boolean(),
  language: galleryLanguageSchema,
});
export type GallerySetting = z.infer<typeof settingSchema>;
export type SettingKey = keyof GallerySetting;

/** PUT /api/galleries/gallery/settings/:id: any of the settings (a flip sends just its own). */
export const updateSettingsSchema = z.object({
  setting: settingSchema
    .partial()
    .strict()
    .refine((s) => Object.keys(s).length > 0, { message: "Send at least one setting." }),
});

const SHOWCASE_MAX = 500;

/** PUT /api/galleries/gallery/:id/selected-videos: the whole ordered showcase. */
export const selectedVideosSchema = z.object({
  selectedVideoIds: z
    .array(id("Each selected video"), { error: "selectedVideoIds must be a list of video ids." })
    .max(SHOWCASE_MAX, `Select at most ${SHOWCASE_MAX} videos.`)
    .transform((ids) => [...new Set(ids)]),
});

/** A page's place in the galleries list: the last gallery's creation (ms) and id, as the list's `next` names it. */
const GALLERY_CURSOR = /^(\d{1,15})_(.{1,64})$/;
const cursorMessage = "cursor is the `next` an earlier page answered.";

/** Where a galleries page starts (the list's `next`), and the list's `next` from the last gallery shown. */
export const galleryCursor = (g: { createdAt: Date; id: string }) => `${g.createdAt.getTime()}_${g.id}`;

/** GET /api/galleries?folderId=&status=&cursor=&limit= */
export const galleryListQuerySchema = z.strictObject(
  {
    folderId: id("folderId").optional(),
    status: z.enum(STATUS_FILTERS, { error: `status is one of: ${STATUS_FILTERS.join(", ")}.` }).default("all"),
    cursor: z
      .string({ error: cursorMessage })
      .toLowerCase()
      .refine((c) => isId(GALLERY_CURSOR.exec(c)?.[2]), cursorMessage)
      .transform((c) => {
        const [, ms, galleryId] = GALLERY_CURSOR.exec(c)!;
        return { createdAt: new Date(Number(ms)), id: galleryId };
      })
      .optional(),
    limit: pageLimit(20),
  },
  { error: "Send folderId, status, cursor and limit only." },
);
export type GalleryListQuery = z.output<typeof galleryListQuerySchema>;
