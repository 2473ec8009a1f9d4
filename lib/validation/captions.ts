// A film's captions: the language a caption file is in and the label players show for it.
import { z } from "zod";
import { CAPTION_LANGUAGES, type CaptionLanguageCode } from "@/lib/services/films/rules/captions";
import { TEXTS } from "@/lib/texts";
import { lineOfText } from "@/lib/validation/common";
import { CAPTION_MAX_CUES } from "@/lib/limits";

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

/** PATCH /api/videos/captions/:videoId/:captionId { label?, isDefault?, confirmed? } (confirmed: an automatic track checked by the studio). */
export const captionUpdateSchema = z
  .object({
    label: captionLabelSchema.optional(),
    isDefault: z.boolean({ error: "isDefault must be true or false." }).optional(),
    confirmed: z.literal(true, { error: "confirmed can only be true." }).optional(),
  })
  .strict()
  .refine((v) => v.label !== undefined || v.isDefault !== undefined || v.confirmed !== undefined, { error: "Send a label, isDefault or confirmed." });
export type CaptionUpdateInput = z.output<typeof captionUpdateSchema>;

/** The longest a cue's text may be in the cue editor (a caption is a line or two; a file's cues are not capped, but a screen's are). */
export const CUE_TEXT_MAX = 1000;
const seconds = (name: string) =>
  z
    .number({ error: `${name} must be a number of seconds.` })
    .finite()
    .min(0, { error: `${name} cannot be negative.` })
    .max(24 * 60 * 60, { error: `${name} must be within 24 hours.` });

/** PUT /api/videos/captions/:videoId/:captionId/cues { cues: [{ start, end, text }] }: then checked as an uploaded file is (lib/services/films/captions.ts saveCues). */
export const captionCuesSchema = z
  .object({
    cues: z
      .array(
        z
          .object({
            start: seconds("start"),
            end: seconds("end"),
            text: z
              .string({ error: "text must be a string." })
              .trim()
              .min(1, { error: "A caption needs text." })
              .max(CUE_TEXT_MAX, { error: `Use at most ${CUE_TEXT_MAX} characters per caption.` }),
          })
          .strict()
          .refine((c) => c.end > c.start, { error: "A caption must end after it starts." }),
        { error: "cues must be a list." },
      )
      .min(1, { error: TEXTS.captions.empty })
      .max(CAPTION_MAX_CUES, { error: TEXTS.captions.tooManyCues }),
  })
  .strict();
export type CaptionCuesInput = z.output<typeof captionCuesSchema>;

/** PUT /api/users/transcripts { enabled }: the studio's consent to automatic transcripts. */
export const transcriptSettingsSchema = z.object({ enabled: z.boolean({ error: "enabled must be true or false." }) }).strict();
