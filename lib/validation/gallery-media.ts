import { z } from "zod";

/** A storage key, or (for videoUrl) a video's id: the service reads it as an id only when it is one (lib/ids.ts). */
const ref = z.string().trim().min(1).max(600);

/** PUT /api/galleries/gallery/{id}/background: exactly one of imgUrl, videoUrl, musicUrl (null removes). */
export const backgroundSchema = z
  .object({ imgUrl: ref.nullable(), videoUrl: ref.nullable(), musicUrl: ref.nullable() })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length === 1, "Send exactly one of imgUrl, videoUrl or musicUrl.");

export type BackgroundInput = z.infer<typeof backgroundSchema>;
