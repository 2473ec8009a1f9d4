// Ids in paths: a malformed id names nothing, so it is "not found" like someone else's id.
import { notFound } from "@/lib/errors";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function isId(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}

/** The id itself, or a 404 when it cannot be one of ours. */
export function requireId(value: unknown): string {
  if (!isId(value)) throw notFound();
  return value.toLowerCase();
}
