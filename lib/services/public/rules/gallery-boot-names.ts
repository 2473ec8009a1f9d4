// The names the gallery's boot script (lib/services/public/rules/gallery-boot.ts) shares with the page's code: kept apart
// so the page's scripts import these few strings, not the boot script's own text (0.8 KB gzipped in
// the viewer's first load, whose budget is 120 KB; bench/viewer).
export const BOOT_LIST_ID = "__vidfolio_scripts";
export const HYDRATED_EVENT = "vidfolio:hydrated";
/** The elementtiming name of the page's largest picture. */
export const LARGEST_PICTURE = "largest-picture";
/** The attribute that names the largest picture for Element Timing (spread: React has no prop for it). */
export const LARGEST_PICTURE_TIMING = { elementtiming: LARGEST_PICTURE } as Record<string, string>;
