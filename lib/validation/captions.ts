// A film's captions: the language a caption file is in and the label players show for it.
import { z } from "zod";
import { CAPTION_LANGUAGES, type CaptionLanguageCode } from "@/lib/services/films/rules/captions";
import { TEXTS } from "@/lib/texts";
import { lineOfText } from "@/lib/validation/common";

export const CAPTION_LABEL_MAX = 40;

const codes = CAPTION_LANGUAGES.map((l) => l.code) as [CaptionLanguageCode, ...CaptionLanguageCode[]];

/** One of CAPTION_LANGUAGES' BCP 47 codes, exactly as the list spells it. */
export const captionLanguageSchema = z.enum(codes, { error: TEXTS.captions.languageUnknown });

/** The label of a caption track ("English", "Deutsch (SDH)"): one line of 1–40 characters, trimmed. */
export const captionLabelSchema = lineOfText({
  min: 1,
  max: CAPTION_LABEL_MAX,
  required: TEXTS.captions.labelRequired,
  tooLong: TEXTS.captions.labelTooLong(CAPTION_LABEL_MAX),
  oneLine: TEXTS.captions.labelOneLine,
});

const flag = z.enum(["true", "false"], { error: "Use true or false." }).transform((v) => v === "true");

/** POST /api/videos/captions/:videoId?language=&label=&default= — the file itself is the body. */
export const captionUploadSchema = z
  .object({
    language: captionLanguageSchema,
    label: captionLabelSchema.optional(),
    default: flag.optional(),
  })
  .transform(({ default: isDefault, ...rest }) => ({ ...rest, isDefault }));
export type CaptionUploadInput = z.output<typeof captionUploadSchema>;
/** The upload's query as a caller sends it (`default` as "true"/"false"). */
export type CaptionUploadQuery = z.input<typeof captionUploadSchema>;

/** PATCH /api/videos/captions/:videoId/:captionId { label?, isDefault? } */
export const captionUpdateSchema = z
  .object({ label: captionLabelSchema.optional(), isDefault: z.boolean({ error: "isDefault must be true or false." }).optional() })
  .strict()
  .refine((v) => v.label !== undefined || v.isDefault !== undefined, { error: "Send a label or isDefault." });
export type CaptionUpdateInput = z.output<typeof captionUpdateSchema>;
