// The studio export's format: a ZIP whose `vidfolio-export.json` describes the studio's
// rows (folders, customers, galleries and their settings, videos, chapters, captions, guests, credit history)
// and lists every other file of the ZIP with its size and SHA-256. Written by
// lib/services/data/studio-export.ts, read back by lib/services/data/studio-import.ts; one zod schema for
// both, so an import refuses any file this version would not have written. Files are named for
// people (folder, gallery and film titles), not for ids: the ZIP is readable without Vidfolio.
import { z } from "zod";
import { archiveBase } from "@/lib/services/public/rules/archive-names";
import { isId } from "@/lib/ids";
import { FONT_VALUES } from "@/lib/services/galleries/rules/font-pairs";
import { TEMPLATE_IDS } from "@/lib/services/galleries/rules/templates";
import { CAPTION_LANGUAGES } from "@/lib/services/films/rules/captions";
import { customUrlSchema, galleryLanguageSchema, SUBTITLE_MAX, TITLE_MAX } from "@/lib/validation/galleries";
import { nameSchema } from "@/lib/validation/folders";
import { emailSchema } from "@/lib/validation/auth";
import { websiteSchema } from "@/lib/validation/accounts";
import { COMPANY_NAME_MAX, socialLinkSchemas } from "@/lib/validation/branding";
import { GUEST_NAME_MAX } from "@/lib/validation/invites";
import { CHAPTER_TITLE_MAX } from "@/lib/validation/chapters";
import { VIDEO_TITLE_MAX } from "@/lib/validation/uploads";
import { DEFAULT_LOOK } from "@/lib/services/galleries/rules/gallery-look";
import { galleryLookSchema } from "@/lib/validation/gallery-look";
import { commentText, drawingSchema } from "@/lib/validation/comments";
import { customerLanguageSchema, customerNameSchema, customerNotesSchema, customerPhoneSchema } from "@/lib/validation/customers";

export const EXPORT_FORMAT = "vidfolio-export";
export const EXPORT_VERSION = 1;
export const MANIFEST_NAME = "vidfolio-export.json";
/** How long a finished export can be downloaded. */
export const EXPORT_TTL_DAYS = 7;

const id = z.string().uuid();
const date = z.string().datetime({ offset: true });
const path = z
  .string()
  .min(1)
  .max(1000)
  // A path inside the ZIP: relative, no climbing out, no empty segment.
  .refine((p) => !p.startsWith("/") && !p.includes("\\") && p.split("/").every((s) => s !== "" && s !== "." && s !== ".."), "not a safe path");
// Every value an import writes is held to the rules the app's own doors apply (a manifest is a file
// anyone can edit): a delivery link that routes, offered fonts and layouts, known languages.
const font = z.enum(FONT_VALUES);
const captionLanguage = z.enum(CAPTION_LANGUAGES.map((l) => l.code) as [string, ...string[]]);

/** A path of a file listed in `files`, or none. */
const fileRef = path.nullable();

const fileSchema = z.object({
  path,
  /** Where it was stored, so the importer rebuilds the key's layout under new ids. */
  key: z.string().min(1).max(1024),
  size: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  contentType: z.string().max(200),
});

const chapterSchema = z.object({ title: z.string().max(CHAPTER_TITLE_MAX), cueSeconds: z.number().int().nonnegative() });
/**
 * A review comment: its thread (`parentId`, an id of this export), the film's version it
 * was made on, and its author — the studio, or the guest of the film's gallery with that address
 * (`guestEmail`; null when the guest was removed: the name stays).
 */
const commentSchema = z.object({
  id,
  parentId: id.nullable(),
  version: z.number().int().min(1),
  byStudio: z.boolean(),
  guestEmail: emailSchema.nullable(),
  authorName: z.string().max(200),
  text: commentText,
  time: z.number().nonnegative(),
  endTime: z.number().nonnegative().nullable(),
  drawing: drawingSchema.nullable(),
  resolvedAt: date.nullable(),
  createdAt: date,
  editedAt: date.nullable(),
});

/** A guest's decision on a version, its guest named by address like a comment's author. */
const approvalSchema = z.object({
  version: z.number().int().min(1),
  guestEmail: emailSchema.nullable(),
  guestName: z.string().max(200),
  decision: z.enum(["APPROVED", "CHANGES_REQUESTED"]),
  note: commentText.nullable(),
  decidedAt: date,
});

const captionSchema = z.object({
  language: captionLanguage,
  label: z.string().max(200),
  isDefault: z.boolean(),
  file: path,
  cueCount: z.number().int().nonnegative(),
  sizeBytes: z.number().int().nonnegative(),
});

const videoSchema = z.object({
  id,
  galleryId: id,
  title: z.string().max(VIDEO_TITLE_MAX),
  file: path,
  thumbnail: fileRef,
  sizeBytes: z.string().regex(/^\d+$/),
  durationSec: z.number().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  cuePoint: z.string().max(50).nullable(),
  videoCodec: z.string().max(100).nullable(),
  audioCodec: z.string().max(100).nullable(),
  bitrate: z.number().int().nullable(),
  /** It had a stream copy or an HLS ladder. This and the file's facts above (and views) describe the
   *  film for people reading the ZIP: an import takes none of them, the worker
   *  probes and processes every imported film as an upload's and its views start at 0. */
  renditions: z.boolean(),
  views: z.number().int().nonnegative(),
  createdAt: date,
  chapters: z.array(chapterSchema),
  captions: z.array(captionSchema),
  /** The cut guests saw and its review comments; an export made before them has neither. */
  version: z.number().int().min(1).default(1),
  comments: z.array(commentSchema).default([]),
  /** Guests' decisions on its versions; an export made before them has none. */
  approvals: z.array(approvalSchema).default([]),
});

const gallerySchema = z.object({
  id,
  folderId: id,
  name: nameSchema,
  title: z.string().max(TITLE_MAX),
  subtitle: z.string().max(SUBTITLE_MAX),
  // A link with an id's shape (allowed before lib/services/galleries/rules/slug.ts refused it) comes in with a prefix instead of refusing
  // the whole export: it would name another gallery (lib/services/galleries/rules/slug.ts).
  customUrl: z.preprocess((v) => (typeof v === "string" && isId(v.trim()) ? `gallery-${v.trim().toLowerCase()}` : v), customUrlSchema),
  templateId: z.enum(TEMPLATE_IDS),
  fheading: font,
  fbody: font,
  /** The look; an export made before it has none: the page's own. */
  look: galleryLookSchema.default(DEFAULT_LOOK),
  settings: z.object({ download: z.boolean(), share: z.boolean(), listed: z.boolean(), tv: z.boolean(), playAll: z.boolean(), language: galleryLanguageSchema }),
  background: z.object({ image: fileRef, video: fileRef }),
  music: z.object({ file: fileRef, name: z.string().max(500).nullable() }),
  /** Argon2id hashes as stored: the viewers' password and the download PIN keep working. */
  passwordHash: z.string().max(500).nullable(),
  downloadPinHash: z.string().max(500).nullable(),
  expiresAt: date.nullable(),
  remindersEnabled: z.boolean(),
  /** Review: its stage, whether approving unlocks downloads, the rounds included; an older export: delivery. */
  review: z
    .object({ mode: z.enum(["review", "delivery"]), unlockOnApproval: z.boolean(), revisionRounds: z.number().int().min(1).max(99).nullable() })
    .default({ mode: "delivery", unlockOnApproval: true, revisionRounds: null }),
  /** The showcased videos' ids, in order. */
  showcase: z.array(id),
  /** The customer it is for (an id of `customers`); an export made before customers has none. */
  customerId: id.nullable().default(null),
  createdAt: date,
});

/** A studio's customer, held to the customer door's rules; an import keys them by e-mail. */
const customerSchema = z.object({
  id,
  name: customerNameSchema,
  email: emailSchema,
  phone: customerPhoneSchema,
  language: customerLanguageSchema,
  notes: customerNotesSchema,
  createdAt: date,
});

const guestSchema = z.object({
  galleryId: id,
  name: z.string().max(GUEST_NAME_MAX),
  email: emailSchema,
  mayDownload: z.boolean(),
  /** Review rights; an export made before them has none. */
  mayComment: z.boolean().default(false),
  mayApprove: z.boolean().default(false),
  expiresAt: date.nullable(),
  revokedAt: date.nullable(),
  sentAt: date.nullable(),
  openedAt: date.nullable(),
  visitedAt: date.nullable(),
  lastVisitedAt: date.nullable(),
  createdAt: date,
});

const creditSchema = z.object({
  type: z.enum(["used", "purchased", "granted", "refund"]),
  creditBytes: z.string().regex(/^\d+$/),
  purpose: z.string().max(1000).nullable(),
  amountCents: z.number().int().nullable(),
  createdAt: date,
});

export const manifestSchema = z.object({
  format: z.literal(EXPORT_FORMAT),
  version: z.literal(EXPORT_VERSION),
  exportedAt: date,
  /** The instance it came from (APP_URL). */
  source: z.string().max(500),
  studio: z.object({
    name: z.string().max(500),
    email: z.string().max(320),
    // Shown on every gallery page: held to the branding door's rules (no `javascript:` link). A link
    // those rules refuse comes in empty and a longer name is cut, rather than the whole studio
    // refused: an export made before a rule tightened must still come back (the studio re-enters it).
    companyName: z
      .string()
      .max(500)
      .transform((name) => name.slice(0, COMPANY_NAME_MAX)),
    websiteUrl: z.union([z.literal(""), websiteSchema]).catch(""),
    youtubeUrl: socialLinkSchemas.youtube.catch(""),
    instagramUrl: socialLinkSchemas.instagram.catch(""),
    facebookUrl: socialLinkSchemas.facebook.catch(""),
    plan: z.string().max(50),
    creditBytes: z.string().regex(/^\d+$/),
    logo: fileRef,
    favicon: fileRef,
    digestEnabled: z.boolean(),
  }),
  folders: z.array(z.object({ id, name: nameSchema, createdAt: date })),
  /** The studio's customers; an export made before them has none. */
  customers: z.array(customerSchema).default([]),
  galleries: z.array(gallerySchema),
  videos: z.array(videoSchema),
  guests: z.array(guestSchema),
  credits: z.array(creditSchema),
  files: z.array(fileSchema),
});

export type ExportManifest = z.infer<typeof manifestSchema>;
export type ExportFile = z.infer<typeof fileSchema>;

/** The export's own file name: `vidfolio-export-<studio>-<yyyy-mm-dd>.zip`. */
export function exportFileName(companyOrName: string, at: Date): string {
  return `vidfolio-export-${archiveBase(companyOrName, "studio").replace(/\s+/g, "-")}-${at.toISOString().slice(0, 10)}.zip`;
}

/**
 * Unique paths in the ZIP: `stem + ext`, or when that path is taken already (letter case aside, as
 * Windows and macOS compare) `stem (2) + ext`, `stem (3) + ext`…
 */
export function pathClaimer(): (stem: string, ext?: string) => string {
  const taken = new Set<string>();
  return (stem, ext = "") => {
    let candidate = `${stem}${ext}`;
    for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${ext}`;
    taken.add(candidate.toLowerCase());
    return candidate;
  };
}
