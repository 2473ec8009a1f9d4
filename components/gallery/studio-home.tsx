// A studio's domain home page (lib/services/public/studio-home.ts): its name and logo, the galleries it
// lists, or a branded "nothing here". Server-rendered with no script of its own beyond the page's.
// Its frame and listing are its domain's 404 too (components/gallery/gallery-not-found.tsx).
import { GalleryFooter } from "@/components/gallery/gallery-footer";
import { LockIcon } from "@/components/gallery/icons";
import { fill, type Viewer } from "@/lib/viewer-i18n/format";
import { useViewer, ViewerLocaleProvider } from "@/components/gallery/viewer-locale";
import type { ReactNode } from "react";
import type { ListedGallery, StudioHomeProps } from "@/lib/page-props/studio-home";
import type { GalleryStudio } from "@/lib/contract/public";

export function StudioHomeScreen({ locale, ...home }: StudioHomeProps) {
  return (
    <ViewerLocaleProvider locale={locale}>
      <StudioHome {...home} />
    </ViewerLocaleProvider>
  );
}

function StudioHome({ studio, galleries }: Omit<StudioHomeProps, "locale">) {
  const viewer = useViewer();
  return (
    <StudioFrame studio={studio} nameIsHeading testId="studio-home" footer={<GalleryFooter studio={studio} />}>
      <StudioGalleries studio={studio} galleries={galleries} viewer={viewer} />
    </StudioFrame>
  );
}

// The parts below take the viewer's texts as a prop, not from the page's context: its domain's 404
// (components/gallery/gallery-not-found.tsx) is a server component of the App Router.

type FrameProps = { studio: GalleryStudio; nameIsHeading: boolean; testId: string; footer: ReactNode; children: ReactNode };

/** A studio's page on its domain: its logo and name above, its footer below (its home, its domain's 404). */
export function StudioFrame({ studio, nameIsHeading, testId, footer, children }: FrameProps) {
  const Name = nameIsHeading ? "h1" : "p";
  return (
    <div className="flex min-h-screen flex-col bg-zinc-950 text-zinc-100" data-testid={testId}>
      <header className="mx-auto flex w-full max-w-6xl flex-col items-center gap-4 px-5 pt-16 pb-10 text-center sm:px-8">
        {studio.logoUrl && <img src={studio.logoUrl} alt="" className="h-20 w-20 rounded-full object-cover ring-1 ring-white/20" />}
        <Name className={nameIsHeading ? "text-3xl font-semibold tracking-tight sm:text-4xl" : "text-xl font-semibold tracking-tight"} data-testid="studio-home-name">
          {studio.name}
        </Name>
      </header>
      <main className="mx-auto w-full max-w-6xl flex-1 px-5 pb-16 sm:px-8">{children}</main>
      {footer}
    </div>
  );
}

/** The galleries a studio lists on its domain (each a link to its page, a locked one with its lock), or a branded "nothing here". */
export function StudioGalleries({ studio, galleries, viewer: { t, count } }: { studio: GalleryStudio; galleries: ListedGallery[]; viewer: Viewer }) {
  if (galleries.length === 0)
    return (
      <div className="mx-auto max-w-md rounded-2xl border border-white/10 bg-white/5 px-6 py-12 text-center" data-testid="studio-home-empty">
        <p className="text-lg font-medium">{t.studioHomeEmpty}</p>
        <p className="mt-2 text-sm text-zinc-400">{fill(t.studioHomeEmptyHint, { studio: studio.name })}</p>
      </div>
    );
  return (
    <>
      <h2 className="mb-5 text-xs font-semibold tracking-[0.2em] text-zinc-400 uppercase">{t.studioHomeGalleries}</h2>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="studio-home-galleries">
        {galleries.map((g) => (
          <li key={g.slug}>
            <a href={`/${encodeURIComponent(g.slug)}`} className="group block rounded-xl focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-white">
              <div className="relative aspect-video overflow-hidden rounded-xl bg-zinc-800 ring-1 ring-white/10">
                {g.cover && <img src={g.cover} alt="" loading="lazy" decoding="async" className="h-full w-full object-cover transition duration-300 group-hover:scale-105" />}
                {g.locked && (
                  <span className="absolute top-3 right-3 inline-flex items-center gap-1 rounded-full bg-black/70 px-2.5 py-1 text-xs font-medium text-white">
                    <LockIcon className="h-3.5 w-3.5" />
                    {t.studioHomeLocked}
                  </span>
                )}
              </div>
              <p className="mt-3 text-base font-medium text-white group-hover:underline">{g.title || g.slug}</p>
              {g.subtitle && <p className="mt-0.5 text-sm text-zinc-400">{g.subtitle}</p>}
              {!g.locked && g.films > 0 && <p className="mt-0.5 text-xs text-zinc-500">{count(t.studioHomeFilms, g.films)}</p>}
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}
