// Custom url slugs of the delivery link: lower-case letters, digits and single hyphens, 3–60 of
// them, and never an id's shape: `/g/<name>` finds a gallery by its custom url or by its
// id, so a custom url shaped like an id could take another studio's gallery's address. The one
// home of that rule: the schema of every door (lib/validation/galleries.ts), the names made from a
// gallery's name (slugify) and the public lookup (lib/services/access/open-gallery.ts) all read it here.
import { isId } from "@/lib/ids";

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_LENGTH = { min: 3, max: 60 } as const;

/** Whether a value has the form of a custom url: the pattern and length, and not an id's shape (in any case). */
export function isCustomUrl(value: string): boolean {
  return value.length >= SLUG_LENGTH.min && value.length <= SLUG_LENGTH.max && SLUG_PATTERN.test(value) && !isId(value);
}

/** A slug made from a gallery name ('Emma & James' → 'emma-and-james'); never shorter than 3, never an id's shape. */
export function slugify(name: string): string {
  const base = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, SLUG_LENGTH.max - 7)
    .replace(/-+$/g, "");
  return base.length >= SLUG_LENGTH.min && !isId(base) ? base : `gallery${base ? `-${base}` : ""}`;
}
