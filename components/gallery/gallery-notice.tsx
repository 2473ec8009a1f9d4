// The branded screen a viewer sees instead of the films: the password form's frame, or the
// expired note. Shows only the studio's name and logo, the gallery's title and its look (colours,
// fonts, background image and its focal point: the gallery's look), and the language switcher.
// The expired note (components/gallery/expired-notice.tsx) adds the studio's contact and "Ask for access".
import type { ReactNode } from "react";
import type { NoticeBrand } from "@/lib/services/public/rules/public-view";
import { LanguageSwitcher } from "@/components/gallery/language-switcher";
import { fontFamily } from "@/lib/services/galleries/rules/fonts";
import { lookVariables, objectPosition } from "@/lib/services/galleries/rules/gallery-look";

export function GalleryNotice({ studio, title, children, testId }: { studio: NoticeBrand; title: string; children: ReactNode; testId: string }) {
  return (
    <main
      className="relative isolate grid min-h-screen place-items-center bg-[radial-gradient(ellipse_at_top,#27272a_0%,#09090b_70%)] px-5 py-12 text-zinc-100"
      style={{ fontFamily: fontFamily(studio.fonts.body), ...lookVariables(studio.look) }}
      data-testid={testId}
    >
      {studio.background && (
        <>
          <img
            src={studio.background}
            alt=""
            className="absolute inset-0 -z-20 h-full w-full object-cover"
            style={{ objectPosition: objectPosition(studio.look.focus) }}
            data-testid="notice-background"
          />
          <div className="absolute inset-0 -z-10 bg-zinc-950/75" aria-hidden="true" />
        </>
      )}
      <div className="w-full max-w-sm text-center">
        {studio.logoUrl ? <img src={studio.logoUrl} alt="" className="mx-auto h-16 w-16 rounded-full object-cover ring-1 ring-white/20" /> : null}
        <p className="mt-4 text-sm font-medium tracking-wide text-white/80">{studio.name}</p>
        <h1 className="mt-2 text-2xl font-semibold tracking-tight break-words text-[color:var(--look-text,white)] sm:text-3xl" style={{ fontFamily: fontFamily(studio.fonts.heading) }}>
          {title}
        </h1>
        <div className="mt-8">{children}</div>
        <LanguageSwitcher />
      </div>
    </main>
  );
}
