// Custom url slugs of the delivery link: lower-case letters, digits and single hyphens.
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_LENGTH = { min: 3, max: 60 } as const;

/** A slug made from a gallery name ('Emma & James' → 'emma-and-james'); never shorter than 3. */
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
  return base.length >= SLUG_LENGTH.min ? base : `gallery${base ? `-${base}` : ""}`;
}
