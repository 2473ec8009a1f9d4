// POST /api/public/engagement: what a gallery's player reports (lib/services/guests/engagement.ts).
import { z } from "zod";
import { idField } from "@/lib/validation/common";

/** The largest body the door reads (60 ranges of two numbers each fit in about 3 KB). */
export const ENGAGEMENT_BODY_MAX_BYTES = 8 * 1024;
/** At most this many ranges per report (a report covers ~10 s of playing; a report after a long background stretch a little more). */
const ENGAGEMENT_MAX_RANGES = 60;
/** No film position beyond this (seconds): 48 hours. */
const ENGAGEMENT_MAX_SECONDS = 48 * 3600;

/** The events a player reports beside watched ranges (downloads are counted by the download door itself). */
const ENGAGEMENT_EVENTS = ["share", "cast"] as const;
export type EngagementEvent = (typeof ENGAGEMENT_EVENTS)[number] | "download";

const RANGE_MESSAGE = `ranges must be at most ${ENGAGEMENT_MAX_RANGES} pairs [start, end] of seconds, 0 ≤ start < end ≤ ${ENGAGEMENT_MAX_SECONDS}.`;
const second = z.number({ error: RANGE_MESSAGE }).finite(RANGE_MESSAGE).min(0, RANGE_MESSAGE).max(ENGAGEMENT_MAX_SECONDS, RANGE_MESSAGE);
const galleryRef = z.string({ error: "Send the gallery (custom url or id)." }).trim().min(1, "Send the gallery (custom url or id).").max(100, "The gallery is a custom url or an id.");

/**
 * { gallery (custom url or id; `slug` and `galleryId` are accepted too, as by the views door),
 * videoId, ranges: [[start, end], …] played since the last report, event?: "share" | "cast" }.
 * A report with neither ranges nor an event says nothing: refused.
 */
export const engagementSchema = z
  .object({
    gallery: galleryRef.optional(),
    slug: galleryRef.optional(),
    galleryId: galleryRef.optional(),
    videoId: idField("videoId must be an id."),
    ranges: z
      .array(
        z.tuple([second, second], { error: RANGE_MESSAGE }).refine(([s, e]) => s < e, RANGE_MESSAGE),
        { error: RANGE_MESSAGE },
      )
      .max(ENGAGEMENT_MAX_RANGES, RANGE_MESSAGE)
      .default([]),
    event: z.enum(ENGAGEMENT_EVENTS, { error: 'event must be "share" or "cast" when given.' }).optional(),
  })
  .strict()
  .transform((b) => ({ gallery: b.gallery ?? b.slug ?? b.galleryId, videoId: b.videoId, ranges: b.ranges as [number, number][], event: b.event }))
  .refine((b): b is typeof b & { gallery: string } => !!b.gallery, { message: "Send the gallery (custom url or id)." })
  .refine((b) => b.ranges.length > 0 || b.event !== undefined, { message: "Send the ranges played, or an event." });
