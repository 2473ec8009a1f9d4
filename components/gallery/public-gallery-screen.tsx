// What a viewer gets for a gallery, as decided on the server (lib/services/public-page.ts): the
// expired note, the password form (nothing else of the gallery), or the gallery itself. The page of
// pages/g/[slug] and pages/d/[host]/[slug]; its head tags are written by pages/_document.tsx.
import { ExpiredNotice } from "@/components/gallery/gallery-notice";
import { GalleryView } from "@/components/gallery/gallery-view";
import { GuestLink } from "@/components/gallery/guest-link";
import { LockedGallery } from "@/components/gallery/locked-gallery";
import type { PublicGalleryView } from "@/lib/public-view";
import { VIEWER_TEXTS } from "@/lib/viewer-texts";

export function PublicGalleryScreen({ view }: { view: PublicGalleryView }) {
  if (view.screen === "expired") return <ExpiredNotice studio={view.studio} title={view.title} heading={VIEWER_TEXTS.viewer.expiredHeading} hint={VIEWER_TEXTS.viewer.expiredHint} />;
  if (view.screen === "locked") return <LockedGallery slug={view.slug} title={view.title} studio={view.studio} />;
  const ref = view.state.slug ?? view.state.galleryId;
  return (
    <>
      <GalleryView initial={view.state} studio={view.studio} preview={false} expiresAt={view.expiresAt} />
      {ref && <GuestLink slug={ref} />}
    </>
  );
}
