import { z } from "zod";
import { notFound } from "@/lib/errors";

const uuid = z.uuid();

/** Whether a value is a well-formed id (a UUID). */
export function isId(value: string): boolean {
  return uuid.safeParse(value).success;
}

/** A route's `:id`: anything that is not a well-formed id cannot name a row, so it is a 404. */
export function idParam(value: string | string[] | undefined): string {
  const parsed = uuid.safeParse(value);
  if (!parsed.success) throw notFound();
  return parsed.data;
}
