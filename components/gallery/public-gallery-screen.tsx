// What a viewer gets for a gallery, as decided on the server (lib/services/public-page.ts): the
// expired note, the password form (nothing else of the gallery), the invited guests' notice
// (nothing of the gallery at all), or the gallery itself. The page of
// pages/v/[lang]/g/[slug] and pages/v/[lang]/d/[host]/[slug]; its head tags are written by pages/_document.tsx.
import { lazy, Suspense } from "react";
import { ExpiredNotice } from "@/components/gallery/gallery-notice";
import { GalleryView } from "@/components/gallery/gallery-view";
import { GuestLinkIfAny } from "@/components/gallery/guest-link-if-any";
import type { PublicGalleryPageProps, PublicGalleryView } from "@/lib/public-view";
import { useViewer, ViewerLocaleProvider } from "@/components/gallery/viewer-locale";

// A locked gallery's password form is its own chunk: the server renders it whole (the page waits for
// it), and the browser fetches its script only on a locked page, so an open gallery's first load
// does not carry it. Its button stays disabled until that script runs (useHydrated).
const LockedGallery = lazy(() => import("@/components/gallery/locked-gallery").then((m) => ({ default: m.LockedGallery })));
// A gallery for invited guests' notice (issue 55 item 2): its own chunk for the same reason.
const InvitedGallery = lazy(() => import("@/components/gallery/invited-gallery").then((m) => ({ default: m.InvitedGallery })));

export function PublicGalleryScreen({ view, locale }: Pick<PublicGalleryPageProps, "view" | "locale">) {
  return (
    <ViewerLocaleProvider locale={locale}>
      <Screen view={view} />
    </ViewerLocaleProvider>
  );
}

function Screen({ view }: { view: PublicGalleryView }) {
  const { t } = useViewer();
  if (view.screen === "expired") return <ExpiredNotice studio={view.studio} title={view.title} heading={t.viewer.expiredHeading} hint={t.viewer.expiredHint} />;
  if (view.screen === "locked")
    return (
      <Suspense fallback={null}>
        <LockedGallery slug={view.slug} title={view.title} studio={view.studio} />
      </Suspense>
    );
  if (view.screen === "invited")
    return (
      <Suspense fallback={null}>
        <InvitedGallery slug={view.slug} studio={view.studio} websiteUrl={view.websiteUrl} />
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
