// The site's screenshots of the product (public/site/), made from the demo data by
// `npm run site:shots` (scripts/site-shots.ts), which reads the names and sizes from here: each shot
// is a 1200 px JPEG and a 600 px one for phones, both 16:10. Plain <img> with srcset: the marketing
// pages are sent without any script (components/marketing/marketing-frame.tsx).
import type { ProductFeature } from "@/lib/texts/marketing";

export type ShotId = ProductFeature["id"];

/** The sizes each shot is written in, largest first (the page's width/height attributes are the first's). */
export const SHOT_WIDTHS = [1200, 600] as const;
/** Every shot's aspect: the browser's viewport when it is taken (1200 × 750). */
const SHOT_ASPECT = { width: 16, height: 10 } as const;

export const shotHeight = (width: number) => Math.round((width * SHOT_ASPECT.height) / SHOT_ASPECT.width);
/** A shot's file under public/, as the page links it. */
export const shotPath = (id: ShotId, width: number) => `/site/${id}-${width}.jpg`;

/**
 * One screenshot, sized for a column of at most ~560 px on a desktop and the full width on a
 * phone. `eager` for one the first screen shows; the others load as they are scrolled to.
 */
export function SiteShot({ id, alt, eager = false }: { id: ShotId; alt: string; eager?: boolean }) {
  const [large] = SHOT_WIDTHS;
  return (
    <img
      src={shotPath(id, large)}
      srcSet={SHOT_WIDTHS.map((w) => `${shotPath(id, w)} ${w}w`).join(", ")}
      sizes="(min-width: 1024px) 560px, (min-width: 768px) 45vw, 100vw"
      width={large}
      height={shotHeight(large)}
      alt={alt}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      className="h-auto w-full max-w-full rounded-xl border border-zinc-200 bg-zinc-100 shadow-lg"
    />
  );
}
