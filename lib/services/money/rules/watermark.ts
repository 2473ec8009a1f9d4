// The watermark burned into the previews of an unpaid gallery (Paid delivery): what a studio
// chooses (Account → Payments) and its bounds. Pure: the settings form imports it too.

export const WATERMARK_POSITIONS = ["center", "top-left", "top-right", "bottom-left", "bottom-right"] as const;
export type WatermarkPosition = (typeof WATERMARK_POSITIONS)[number];

export const WATERMARK_OPACITY_MIN = 10;
export const WATERMARK_OPACITY_MAX = 90;
export const WATERMARK_TEXT_MAX = 60;

/** The preview ladder's rungs (those not above the film's own short side: lib/media/ladder.ts ladderFor). */
export const PREVIEW_LADDER = [360, 720] as const;

/** A studio's watermark as its previews are made with it. */
export type Watermark = {
  /** The text drawn (the studio's choice, else its shown name); used when there is no logo. */
  text: string;
  /** The studio's logo (its object key, PNG or JPEG) when it chose the logo, else null. */
  logoKey: string | null;
  position: WatermarkPosition;
  /** 10–90 %. */
  opacity: number;
};

/**
 * Characters that draw nothing on their own: white space, control and format characters (zero-width
 * space and joiners U+200B–U+200D, word joiner U+2060, U+FEFF, the bidi controls, tags), combining
 * marks without a letter to sit on, lone surrogate halves, and the blank letters (Hangul fillers,
 * the blank Braille pattern).
 */
const INVISIBLE = /[\p{White_Space}\p{Cc}\p{Cf}\p{M}\p{Cs}\u115F\u1160\u3164\uFFA0\u2800]/u;

/** Whether a watermark text draws something: at least one character that is not in INVISIBLE. */
export const hasVisibleCharacter = (s: string): boolean => Array.from(s).some((c) => !INVISIBLE.test(c));

export const isWatermarkPosition = (p: string): p is WatermarkPosition => (WATERMARK_POSITIONS as readonly string[]).includes(p);

/** A logo ffmpeg can burn into a preview: a PNG or JPEG (by its key's name; any other logo falls back to the text). */
export const isRasterLogo = (key: string | null): key is string => key !== null && /\.(png|jpe?g)$/i.test(key);
