// A missing gallery's 404, rendered by app/not-found.tsx with
// lib/services/public/studio-home.ts galleryNotFound's props, in the viewer's language. On a studio's
// domain: its branded frame, "This gallery could not be found" and the galleries its domain home
// lists. On Vidfolio's gallery host: the same words on a neutral page naming no studio and offering
// nothing of Vidfolio's (no home, no sign-up). A server component with no script: the root
// not-found's client imports would load with every App Router page, and this page needs none.
import { LanguageLinks } from "@/components/gallery/language-switcher";
import { StudioFrame, StudioGalleries } from "@/components/gallery/studio-home";
import type { GalleryNotFoundProps } from "@/lib/page-props/studio-home";
import { viewerOf } from "@/lib/viewer-i18n/format";

export function GalleryNotFoundScreen({ locale, studio, galleries }: GalleryNotFoundProps) {
  const viewer = viewerOf(locale);
  const message = (
    <div className="mx-auto max-w-xl text-center">
      <h1 className="text-2xl font-semibold tracking-tight text-white sm:text-3xl">{viewer.t.galleryNotFound}</h1>
      <p className="mt-3 text-sm text-zinc-400">{viewer.t.galleryNotFoundHint}</p>
    </div>
  );
  const languages = <LanguageLinks viewer={viewer} />;
  if (studio)
    return (
      <div lang={viewer.lang}>
        <StudioFrame studio={studio} nameIsHeading={false} testId="gallery-not-found" footer={<footer className="border-t border-white/10 px-5 pt-5 pb-10">{languages}</footer>}>
          {message}
          <div className="mt-12">
            <StudioGalleries studio={studio} galleries={galleries} viewer={viewer} />
          </div>
        </StudioFrame>
      </div>
    );
  return (
    <main lang={viewer.lang} className="grid min-h-screen place-items-center bg-zinc-950 px-5 py-12 text-zinc-100" data-testid="gallery-not-found">
      <div className="w-full max-w-md">
        {message}
        {languages}
      </div>
    </main>
  );
}
