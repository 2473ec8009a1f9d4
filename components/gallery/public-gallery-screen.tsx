// What a viewer gets for a gallery, decided at render time without reading the request (so the
// page stays cacheable): the expired note, the password form (nothing else of the gallery), or
// the gallery itself.
import { ExpiredNotice } from "@/components/gallery/gallery-notice";
import { GalleryView } from "@/components/gallery/gallery-view";
import { LockedGallery } from "@/components/gallery/locked-gallery";
import { isExpired } from "@/lib/services/gallery-access";
import type { PublicGallery } from "@/lib/services/public-gallery";
import { VIEWER_TEXTS } from "@/lib/viewer-texts";

export function PublicGalleryScreen({ gallery }: { gallery: PublicGallery }) {
  const { state, studio, access } = gallery;
  const brand = { name: studio.name, logoUrl: studio.logoUrl };
  if (isExpired(access.expiresAt)) return <ExpiredNotice studio={brand} title={state.title} heading={VIEWER_TEXTS.viewer.expiredHeading} hint={VIEWER_TEXTS.viewer.expiredHint} />;
  if (access.hasPassword) return <LockedGallery slug={access.slug} title={state.title} studio={brand} />;
  return <GalleryView initial={state} studio={studio} preview={false} expiresAt={access.expiresAt?.toISOString() ?? null} />;
}
