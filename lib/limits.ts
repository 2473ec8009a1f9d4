// Business limits and layout sizes (spec §9), in one place.
const MB = 1024 * 1024;

export const UPLOAD_LIMITS = {
  concurrentUploads: 3,
  /** Parts of one upload sent at the same time. */
  partsInFlight: 3,
  /** Waits before each new try of a failed part (then the upload fails and is aborted). */
  partRetryDelaysMs: [1000, 3000, 7000],
  partSizeMinBytes: 50 * MB, // 52428800
  partSizeMaxBytes: 200 * MB, // 209715200
  partsDivisor: 1000,
  /** How long an unfinished film upload stays open for a resume; then the sweep expires it and releases its credits. */
  openForMs: 24 * 60 * 60 * 1000,
  /** Unfinished uploads listed for a resume (GET /api/uploads/unfinished), newest first. */
  unfinishedListed: 50,
  /** A film sent as one presigned PUT (POST /api/uploads/simple): the store's limit for a single object (5 GB). */
  simpleMaxBytes: 5 * 1024 * MB,
  /** How long a simple upload's presigned PUT address is valid (its upload stays open a day, openForMs). */
  simplePutExpiresSec: 6 * 60 * 60,
  imageMaxBytes: 40 * MB,
  logoMaxBytes: 40 * MB,
  faviconMaxBytes: 1 * MB,
  logoMinPx: 500,
  faviconMinPx: 32,
  /** Branding images per studio: presigned but not yet saved at once, and bytes kept in all (in use + unsaved). */
  assetUnsavedMax: 5,
  assetBytesMax: 100 * MB,
  backgroundVideoMaxSec: 30,
} as const;

/** Multipart part size: file size ÷ 1000 clamped to 50–200 MB. */
export function multipartPartSize(fileBytes: number): number {
  const { partSizeMinBytes, partSizeMaxBytes, partsDivisor } = UPLOAD_LIMITS;
  return Math.min(partSizeMaxBytes, Math.max(partSizeMinBytes, Math.ceil(fileBytes / partsDivisor)));
}

export const THUMBNAIL = { defaultSeconds: 10, width: 440, jpegQuality: 0.7, cacheEntries: 50 } as const;
export const FILE_CHECK_INTERVAL_MS = 5000;

export const PREVIEW = {
  widths: { Mobile: 375, Tablet: 768, Desktop: 1000 },
  defaultDevice: "Desktop",
  minHeight: 520,
  maxHeight: 613,
} as const;

export const LAYOUT = {
  videoFrame: { width: 830, height: 466 },
  playerSidePanel: 300,
  galleryCardWidth: 285,
  chapterList: { min: 100, max: 320 },
  folderList: { min: 300, max: 520 },
  companyLogoPx: 480,
  faviconPx: 64,
} as const;

export const TOASTS = { autoCloseMs: 5000, titleUpdateMs: 500 } as const;
export const REVIEW_HOURS = 48;

/** Bearer tokens from POST /api/admin/login and browser sessions last this long. */
export const SESSION_MAX_AGE_SEC = 12 * 60 * 60;

/**
 * The largest request body any door takes (proxy.ts answers 413 above it; Next buffers at most this
 * much of a body for the proxy, `experimental.proxyClientMaxBodySize` in next.config.ts). The
 * largest real bodies are far below: a complete-multipart-upload of 10,000 parts (~0.6 MB), a
 * super admin's 200,000-character mail. Files go straight to storage, never through the app.
 */
export const REQUEST_BODY_MAX_BYTES = 2 * MB;

/**
 * Why a video cannot be a gallery's background (spec §5: 16:9, at most 30 s, and ready), or null when
 * it can: one rule for the server's check and the Add Media dialog's marks.
 */
export function backgroundVideoUnfit(v: { status: string; durationSec: number | null; width: number | null; height: number | null }): "processing" | "long" | "shape" | null {
  if (v.status !== "READY" || !v.width || !v.height || v.durationSec === null) return "processing";
  if (v.durationSec > UPLOAD_LIMITS.backgroundVideoMaxSec + 0.5) return "long";
  if (Math.abs(v.width / v.height - 16 / 9) > 0.02) return "shape";
  return null;
}

/** A gallery's download PIN: this many digits. */
export const DOWNLOAD_PIN_DIGITS = { min: 4, max: 8 } as const;
export const DOWNLOAD_PIN_PATTERN = new RegExp(`^[0-9]{${DOWNLOAD_PIN_DIGITS.min},${DOWNLOAD_PIN_DIGITS.max}}$`);

/**
 * A film's caption file: at most this large and this many cues. A feature film's
 * subtitles are some 100 KB and 2,000 cues; anything far beyond is not a caption file.
 */
export const CAPTION_MAX_BYTES = 2 * MB;
export const CAPTION_MAX_CUES = 10_000;

/**
 * Delivery mails (a guest's personal link), per hour: to one guest (one address a
 * studio mails, whatever the gallery) and from one studio in all; above either, the door answers 429
 * and "Send to guests" skips the guest. A studio re-sends a link once or twice when a guest cannot
 * find it, and "Send to guests" mails a whole gallery (2,000 guests at most) in one go, so neither is
 * reached in normal work; they stop a studio's free text from being mailed again and again.
 */
/** Live (not revoked) API keys a studio may hold at once: enough for one per integration. */
export const API_KEYS_MAX = 20;

export const DELIVERY_MAIL_LIMITS = { perGuestPerHour: 5, perStudioPerHour: 2500 } as const;

/**
 * "Ask for access" on an expired gallery (each a mail to its studio), per hour: from one client
 * address to one gallery, and to one gallery in all. A guest asks once or twice; the limits stop
 * anyone from filling a studio's inbox through the public page.
 */
export const ACCESS_REQUEST_LIMITS = { perAddressPerGalleryPerHour: 3, perGalleryPerHour: 30 } as const;
/** An access request's fields, in characters. */
export const ACCESS_REQUEST_MAX = { name: 100, message: 1000 } as const;

/** A review comment's text, in characters: the comment doors and the EDL markers' cap. */
export const COMMENT_MAX = 2000;

/** At most this many views of a video are counted per client address and day, whatever else they send. */
export const VIEWS_PER_ADDRESS_PER_DAY = 10;
