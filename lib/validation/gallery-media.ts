import { z } from "zod";

const uuid = z.uuid();

/**
 * A storage key, or (for videoUrl) a video's id. A value shaped like an id (36 hex digits and
 * hyphens) must be a real UUID: 36 hyphens reached Postgres' uuid type and answered 500.
 */
const ref = z
  .string()
  .trim()
  .min(1)
  .max(600)
  .refine((v) => !/^[0-9a-f-]{36}$/i.test(v) || uuid.safeParse(v).success, "Not a valid id.");

/** PUT /api/galleries/gallery/{id}/background: exactly one of imgUrl, videoUrl, musicUrl (null removes). */
export const backgroundSchema = z
  .object({ imgUrl: ref.nullable(), videoUrl: ref.nullable(), musicUrl: ref.nullable() })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length === 1, "Send exactly one of imgUrl, videoUrl or musicUrl.");

export type BackgroundInput = z.infer<typeof backgroundSchema>;
