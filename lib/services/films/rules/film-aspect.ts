// A film's shape on the page (its card, thumbnail and player box): its own width to height as
// processing measured it (the picture as shown, after any rotation), so a 9:16 reel is a 9:16 box and
// never a 16:9 one; unknown dimensions are 16:9. Pure: the gallery's grid and the player both read it.

/** The shape assumed when a film's dimensions are not known (not processed yet, an older row). */
export const FALLBACK_ASPECT = 16 / 9;
// A film beyond these (a 1:4 strip, a 4:1 banner) gets the nearest usable box and is shown inside it.
const NARROWEST = 1 / 3;
const WIDEST = 3;

/** Width ÷ height of a film's box: its own when both are known, else 16:9; clamped to 1:3 … 3:1. */
export function filmAspect(width: number | null | undefined, height: number | null | undefined): number {
  // Few bytes: the gallery's first load carries it (null, undefined and NaN are not > 0).
  return (width ?? 0) > 0 && (height ?? 0) > 0 ? Math.min(WIDEST, Math.max(NARROWEST, width! / height!)) : FALLBACK_ASPECT;
}
