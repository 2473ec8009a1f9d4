// The answers' shapes, shared by the doors of several areas (lib/contract/*.ts). Each mirrors the
// DTO type its service builds (lib/dto, lib/gallery-types.ts, lib/insights.ts): the route's
// handler is checked against it at compile time (lib/http.ts `route()`), and in tests every answer
// is parsed with it, so a drift fails. Dates travel as ISO strings.
import { z } from "zod";
import { settingSchema } from "@/lib/validation/galleries";
import { galleryViewStateSchema } from "@/lib/gallery-preview";
import { Plan } from "@/generated/prisma/enums";
import { galleryLookSchema } from "@/lib/validation/gallery-look";
import { inviteLanguageSchema } from "@/lib/validation/invites";
import { GALLERY_AUDIENCES } from "@/lib/validation/public";

export const date = z.string().describe("ISO 8601 date-time");
const nullableDate = date.nullable();

export const messageAnswer = z.object({ message: z.string() });

/** Values the reference's examples use (door() `example`): an id, and a stored object's key under a studio, folder and gallery. */
export const EXAMPLE = {
  id: "0190f6d2-8f4e-7c3a-9b1d-2e5f6a7b8c9d",
  key: "0190f6d2-1a2b-7c3d-8e4f-5a6b7c8d9e0f/0190f6d2-2b3c-7d4e-9f5a-6b7c8d9e0f1a/0190f6d2-3c4d-7e5f-8a6b-7c8d9e0f1a2b/m3x1kq2a9f04c1d2_first-dance.mp4",
};
export const urlAnswer = z.object({ url: z.string() });

export const socialLinksShape = z.object({ youtube: z.string(), instagram: z.string(), facebook: z.string() });

export const adminDetailsShape = z.object({
  _id: z.string(),
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(["superadmin", "admin"]),
  status: z.string(),
  plan: z.string(),
  planCode: z.enum(Plan).describe("The plan's code (`plan` is its display name)"),
  credits: z.number(),
  companyName: z.string(),
  websiteUrl: z.string(),
  companySize: z.string(),
  mediaType: z.array(z.string()),
  jobType: z.string(),
  numberOfClients: z.string(),
  projectSize: z.string(),
  deliveryType: z.array(z.string()),
  heardOption: z.string().nullable(),
  domainurl: z.string().nullable(),
  companyLogoUrl: z.string().nullable(),
  companyFaviconUrl: z.string().nullable(),
  socialLinks: socialLinksShape,
  createdAt: date,
});

export const domainStateShape = z.object({
  domainurl: z.string().nullable(),
  status: z.enum(["none", "pending", "verified", "wrong-target"]),
  message: z.string(),
  records: z.array(z.object({ type: z.enum(["CNAME", "TXT"]), name: z.string(), value: z.string() })),
  checkedAt: nullableDate,
});

export const chapterShape = z.object({ _id: z.string(), title: z.string(), cuePoint: z.string(), seconds: z.number(), videoId: z.string() });

export const captionShape = z.object({
  _id: z.string(),
  videoId: z.string(),
  src: z.string(),
  language: z.string(),
  label: z.string(),
  isDefault: z.boolean(),
  cueCount: z.number(),
  sizeBytes: z.number(),
  updatedAt: date,
});

const playSource = z.object({ src: z.string(), type: z.enum(["application/x-mpegurl", "video/mp4"]) });

export const playbackShape = z.object({ sources: z.array(playSource), fallback: z.array(playSource) });

/** A film's version as its studio sees it (issue 40 item 4). */
export const filmVersionShape = z.object({
  version: z.number().int(),
  current: z.boolean(),
  filedAt: date,
  sizeBytes: z.number(),
  durationSec: z.number().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  thumbnail: z.string().nullable(),
  comments: z.number().int(),
  playback: playbackShape.nullable(),
});

export const videoShape = z.object({
  _id: z.string(),
  title: z.string(),
  url: z.string(),
  thumbnail: z.string().nullable(),
  cuePoint: z.string().nullable(),
  views: z.number(),
  status: z.enum(["UPLOADING", "PROCESSING", "READY", "FAILED"]),
  failureReason: z.string().nullable(),
  retryable: z.boolean(),
  optimizing: z.boolean(),
  optimizeProgress: z.number().int().min(0).max(99).nullable(),
  galleryId: z.string(),
  createdAt: date,
  sizeBytes: z.number(),
  durationSec: z.number().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  playback: playbackShape.nullable(),
  version: z.number().int().describe("The film's current version (issue 40): a new cut uploaded as a new version raises it."),
});

export const backgroundShape = z.object({ imgUrl: z.string().nullable(), videoUrl: z.string().nullable(), musicUrl: z.string().nullable(), musicName: z.string().nullable() });
const galleryAccessShape = z.object({ hasPassword: z.boolean(), expiresAt: nullableDate });

export const galleryShape = z.object({
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
  look: galleryLookSchema,
  setting: settingSchema,
  backgroundMedia: backgroundShape,
  selectedVideos: z.array(z.string()),
  access: galleryAccessShape,
});

export const galleryCardShape = galleryShape.pick({ _id: true, name: true, createdAt: true, customurl: true, access: true }).extend({
  imgUrl: z.string().nullable(),
  stats: z.object({ films: z.number().int(), viewers: z.number().int(), lastVisitAt: date.nullable() }),
});

export const folderShape = z.object({ _id: z.string(), name: z.string(), adminId: z.string(), createdAt: date, galleries: z.array(galleryCardShape) });

export const accessShape = z.object({
  hasPassword: z.boolean(),
  hasDownloadPin: z.boolean(),
  expiresAt: nullableDate,
  audience: z
    .enum(GALLERY_AUDIENCES)
    .describe("Who may open the gallery (issue 55 item 2): `link`, anyone with its link; `invited`, only a guest's valid personal link (or its password, when it has one)."),
});

export const inviteShape = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  mayDownload: z.boolean(),
  mayComment: z.boolean(),
  mayApprove: z.boolean(),
  expiresAt: nullableDate,
  revoked: z.boolean(),
  revokedAt: nullableDate,
  expired: z.boolean(),
  status: z.enum(["not_sent", "sent", "opened", "visited"]),
  sentAt: nullableDate,
  openedAt: nullableDate,
  visitedAt: nullableDate,
  lastVisitedAt: nullableDate,
  createdAt: date,
  link: z.string().nullable(),
  language: z.string().nullable(),
  pinInMail: z.boolean().nullable(),
  scheduledFor: nullableDate,
});

export const invitesShape = z.object({
  invites: z.array(inviteShape),
  remindersEnabled: z.boolean(),
  galleryExpiresAt: nullableDate,
  downloadPin: z.enum(["none", "mailable", "unreadable"]),
});

export const mailPreviewShape = z.object({ subject: z.string(), html: z.string(), text: z.string(), language: inviteLanguageSchema });

const filmInsight = z.object({
  id: z.string(),
  title: z.string(),
  durationSec: z.number().nullable(),
  heat: z.array(z.number()),
  playSeconds: z.number(),
  viewers: z.number(),
  downloads: z.number(),
});
const viewerInsight = z.object({
  id: z.string(),
  name: z.string(),
  invited: z.boolean(),
  firstSeenAt: date,
  lastSeenAt: date,
  visits: z.number(),
  downloads: z.number(),
  films: z.array(z.object({ videoId: z.string(), percent: z.number(), watchedSeconds: z.number(), playSeconds: z.number(), downloads: z.number() })),
  beforePayment: z.boolean().describe("Paid delivery: they first came while the gallery's price was unpaid (they watched the watermarked previews)."),
});
export const insightsShape = z.object({
  gallery: z.object({ id: z.string(), name: z.string() }),
  totals: z.object({ viewers: z.number(), visits: z.number(), playSeconds: z.number(), downloads: z.number() }),
  films: z.array(filmInsight),
  viewers: z.object({ items: z.array(viewerInsight), page: z.number(), pageSize: z.number(), total: z.number(), sort: z.enum(["recent", "name"]) }),
});

export const exportStateShape = z.object({
  id: z.string(),
  status: z.enum(["QUEUED", "RUNNING", "READY", "FAILED", "EXPIRED"]),
  fileName: z.string(),
  totalBytes: z.number(),
  doneBytes: z.number(),
  files: z.number(),
  sizeBytes: z.number().nullable(),
  error: z.string().nullable(),
  createdAt: date,
  finishedAt: nullableDate,
  expiresAt: nullableDate,
  downloadUrl: z.string().nullable(),
  previous: z.object({ fileName: z.string(), sizeBytes: z.number().nullable(), expiresAt: nullableDate, downloadUrl: z.string() }).nullable(),
});

export const importStateShape = z.object({
  id: z.string(),
  status: z.string(),
  fileName: z.string(),
  totalBytes: z.number(),
  doneBytes: z.number(),
  summary: z
    .object({
      folders: z.number(),
      galleries: z.number(),
      videos: z.number(),
      guests: z.number(),
      files: z.number(),
      bytes: z.number(),
      creditsRestored: z.boolean(),
      renamedLinks: z.array(z.object({ from: z.string(), to: z.string() })),
    })
    .nullable(),
  error: z.string().nullable(),
  createdAt: date,
  finishedAt: nullableDate,
});

export const galleryStudioShape = z.object({
  name: z.string(),
  logoUrl: z.string().nullable(),
  whiteLabel: z.boolean(),
  faviconUrl: z.string().nullable().optional(),
  websiteUrl: z.string().optional(),
  socials: socialLinksShape.optional(),
});

/** A gallery's content for one browser (the public content door, the unlock and guest answers). */
export const galleryContentShape = z.object({ state: galleryViewStateSchema, studio: galleryStudioShape, expiresAt: nullableDate });
