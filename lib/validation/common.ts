import { z } from "zod";
import { isId } from "@/lib/ids";
import { TEXTS } from "@/lib/texts";

/** NUL and unpaired UTF-16 surrogates cannot be stored in Postgres text (the driver fails with a 500). */
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether a string can be stored: no NUL, no broken Unicode sequence. lib/http/index.ts checks every body with it. */
export const isStorableText = (text: string): boolean => !UNSTORABLE.test(text);

/**
 * One line of text, trimmed, from `min` to `max` characters, storable and without control characters
 * (a line break, a tab): a name or label a studio types.
 */
export const lineOfText = (o: { min: number; max: number; required: string; tooLong: string; oneLine: string }) =>
  z
    .string({ error: o.required })
    .refine(isStorableText, TEXTS.unstorableText)
    .trim()
    .min(o.min, o.required)
    .max(o.max, o.tooLong)
    .refine((v) => !/[\u0000-\u001f\u007f-\u009f]/.test(v), o.oneLine);

/** An id (lib/ids.ts), lower-cased; `message` is the 400's words when it travels in a query or a body. */
export const idField = (message: string) =>
  z
    .string({ error: message })
    .refine(isId, message)
    .transform((id) => id.toLowerCase());

/**
 * A path's id. In a door's `params` a value that fails it names nothing that can exist, so the door
 * answers 404 (lib/http/index.ts).
 */
export const idSchema = idField("Not a valid id.");

/** A page's size in a list door's query (`limit`): 1 to `max`, `fallback` when left out. */
export const pageLimit = (fallback: number, max = 100) => {
  const message = `limit must be a number from 1 to ${max}.`;
  return z.coerce.number({ error: message }).int(message).min(1, message).max(max, message).default(fallback);
};
