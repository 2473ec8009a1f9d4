// What a viewer gets for a gallery, as decided on the server (lib/services/public/public-page.ts): the
// expired note, the password form (nothing else of the gallery), the invited guests' notice
// (nothing of the gallery at all), or the gallery itself. The page of
// pages/v/[lang]/g/[slug] and pages/v/[lang]/d/[host]/[slug]; its head tags are written by pages/_document.tsx.
import { lazy, Suspense } from "react";
import { GalleryView } from "@/components/gallery/gallery-view";
import { GuestLinkIfAny } from "@/components/gallery/guest-link-if-any";
import type { PublicGalleryPageProps, PublicGalleryView } from "@/lib/services/public/rules/public-view";
import { ViewerLocaleProvider } from "@/components/gallery/viewer-locale";

// A locked gallery's password form and an invited gallery's notice are one chunk of their own
// (closed-gallery.tsx): the server renders it whole (the page waits for it), and the browser fetches
// its script only on such a page, so an open gallery's first load does not carry it. The form's
// button stays disabled until that script runs (useHydrated).
const ClosedGallery = lazy(() => import("@/components/gallery/closed-gallery"));
// The expired note, with the studio's contact and "Ask for access": the same, a chunk of its own.
const ExpiredNotice = lazy(() => import("@/components/gallery/expired-notice"));

export function PublicGalleryScreen({ view, locale }: Pick<PublicGalleryPageProps, "view" | "locale">) {
  return (
    <ViewerLocaleProvider locale={locale}>
      <Screen view={view} />
    </ViewerLocaleProvider>
  );
}

function Screen({ view }: { view: PublicGalleryView }) {
  if (view.screen === "expired")
    return (
      <Suspense fallback={null}>
        <ExpiredNotice studio={view.studio} title={view.title} slug={view.slug} />
      </Suspense>
    );
  if (view.screen === "locked" || view.screen === "invited")
    return (
      <Suspense fallback={null}>
        <ClosedGallery view={view} />
      </Suspense>
    );
  const ref = view.state.slug ?? view.state.galleryId;
  return (
    <>
      <GalleryView initial={view.state} studio={view.studio} preview={false} expiresAt={view.expiresAt} />
      {ref && <GuestLinkIfAny slug={ref} />}
    </>
  );
}
