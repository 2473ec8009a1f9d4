import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { GalleryView } from "@/components/gallery/gallery-view";
import { studioPage } from "@/lib/auth/pages";
import { galleryContent, getPublicGallery } from "@/lib/services/public-gallery";

export const metadata: Metadata = { robots: { index: false, follow: false } };

/**
 * The gallery editor's preview frame (`/g/{customurl}/preview`): the studio's own gallery only,
 * rendered per request, past its password and expiry (the studio's own playlist door plays its
 * films), following the editor's unsaved state.
 */
export default async function GalleryPreviewPage({ params }: { params: Promise<{ slug: string }> }) {
  const actor = await studioPage();
  const gallery = await getPublicGallery((await params).slug);
  if (!gallery || gallery.adminId !== actor.id) notFound();
  const { state, studio } = galleryContent(gallery, "studio");
  return <GalleryView initial={state} studio={studio} preview />;
}
