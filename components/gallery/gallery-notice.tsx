// The branded screen a viewer sees instead of the films: the password form's frame, or the
// expired note. Shows only the studio's name and logo and the gallery's title, and the language switcher.
import type { ReactNode } from "react";
import type { NoticeBrand } from "@/lib/public-view";
import { LanguageSwitcher } from "@/components/gallery/language-switcher";

export function GalleryNotice({ studio, title, children, testId }: { studio: NoticeBrand; title: string; children: ReactNode; testId: string }) {
  return (
    <main className="grid min-h-screen place-items-center bg-[radial-gradient(ellipse_at_top,#27272a_0%,#09090b_70%)] px-5 py-12 text-zinc-100" data-testid={testId}>
      <div className="w-full max-w-sm text-center">
        {studio.logoUrl ? <img src={studio.logoUrl} alt="" className="mx-auto h-16 w-16 rounded-full object-cover ring-1 ring-white/20" /> : null}
        <p className="mt-4 text-sm font-medium tracking-wide text-white/80">{studio.name}</p>
        <h1 className="mt-2 text-2xl font-semibold tracking-tight break-words text-white sm:text-3xl">{title}</h1>
        <div className="mt-8">{children}</div>
        <LanguageSwitcher />
      </div>
    </main>
  );
}

export function ExpiredNotice({ studio, title, heading, hint }: { studio: NoticeBrand; title: string; heading: string; hint: string }) {
  return (
    <GalleryNotice studio={studio} title={title} testId="gallery-expired">
      <p className="text-lg font-medium text-white">{heading}</p>
      <p className="mt-2 text-sm text-zinc-400">{hint}</p>
    </GalleryNotice>
  );
}
