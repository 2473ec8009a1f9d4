import { z } from "zod";
import { isId } from "@/lib/ids";

/** An id (lib/ids.ts), lower-cased; `message` is the 400's words when it travels in a query or a body. */
export const idField = (message: string) =>
  z
    .string({ error: message })
    .refine(isId, message)
    .transform((id) => id.toLowerCase());

/**
 * A path's id. In a door's `params` a value that fails it names nothing that can exist, so the door
 * answers 404 (lib/http.ts).
 */
export const idSchema = idField("Not a valid id.");
