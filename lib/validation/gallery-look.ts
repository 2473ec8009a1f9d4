// The look's schemas (lib/services/galleries/rules/gallery-look.ts): the door's body, the gallery's DTO, the preview's state
// and the export. Apart from lib/services/galleries/rules/gallery-look.ts, which the public gallery's components import.
import { z } from "zod";
import { HEX_COLOUR, type GalleryLook } from "@/lib/services/galleries/rules/gallery-look";
import { TEXTS } from "@/lib/texts";

/** A colour as `#rrggbb`, lower case (an upper-case one is read as lower case). */
export const hexColourSchema = z.string().trim().toLowerCase().regex(HEX_COLOUR, { error: TEXTS.lookHexInvalid });

const percent = z.number({ error: "Use a number from 0 to 100." }).int("Use a whole number from 0 to 100.").min(0, "Use a number from 0 to 100.").max(100, "Use a number from 0 to 100.");

const focusSchema = z.object({ x: percent, y: percent }).strict();

/** The look as stored and shown: null colours are the page's own (white text, white button). */
export const galleryLookSchema = z.object({ accent: hexColourSchema.nullable(), text: hexColourSchema.nullable(), focus: focusSchema }).strict() satisfies z.ZodType<GalleryLook>;

/** A change of any part of the look (a colour set to null returns to the page's own). */
export const lookChangeSchema = galleryLookSchema.partial().refine((l) => Object.keys(l).length > 0, { message: "Send at least one of accent, text, focus." });
