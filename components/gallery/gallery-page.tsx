import { GalleryFooter } from "@/components/gallery/gallery-footer";
import { GalleryHero } from "@/components/gallery/gallery-hero";
import { VideoGrid } from "@/components/gallery/video-grid";
import { fontFamily } from "@/lib/fonts";
import type { GalleryViewState } from "@/lib/gallery-preview";
import type { GalleryStudio } from "@/lib/gallery-types";

type Props = { state: GalleryViewState; studio: GalleryStudio; preview?: boolean };

/** The classic layout: a hero with the heading and buttons over the background, then the films. */
export function GalleryPage({ state, studio, preview = false }: Props) {
  const featured = state.showcase.length > 0 ? state.showcase : state.videos.slice(0, 3);
  const rest = state.videos.filter((v) => !featured.some((f) => f._id === v._id));
  return (
    <div className="min-h-screen bg-zinc-950 text-zinc-100" style={{ fontFamily: fontFamily(state.fbody) }} data-testid="gallery-page" data-preview={preview || undefined}>
      <header className="absolute inset-x-0 top-0 z-10 mx-auto flex max-w-6xl items-center gap-3 px-5 py-4 sm:px-8" data-testid="gallery-brand">
        {studio.logoUrl ? (
          // eslint-disable-next-line @next/next/no-img-element -- media from the studio's storage host
          <img src={studio.logoUrl} alt="" className="h-10 w-10 rounded-full object-cover ring-1 ring-white/20" />
        ) : null}
        <span className="text-sm font-medium tracking-wide text-white/90 drop-shadow">{studio.name}</span>
      </header>
      <GalleryHero state={state} />
      <main className="mx-auto max-w-6xl px-5 py-12 sm:px-8">
        <VideoGrid heading="Featured films" videos={featured} emptyNote="Films will appear here once they are added." headingFont={state.fheading} />
        {rest.length > 0 && (
          <div className="mt-14">
            <VideoGrid heading="All films" videos={rest} headingFont={state.fheading} />
          </div>
        )}
      </main>
      <GalleryFooter studio={studio} />
    </div>
  );
}
