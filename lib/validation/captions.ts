// A film's captions (issue 22): the language a caption file is in and the label players show for it.
import { z } from "zod";
import { CAPTION_LANGUAGES, type CaptionLanguageCode } from "@/lib/captions";
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
