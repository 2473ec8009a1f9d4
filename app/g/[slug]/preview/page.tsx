import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { ViewerLocaleProvider } from "@/components/gallery/viewer-locale";
import { viewerLocale } from "@/lib/viewer-i18n";
import { languageSegment, pageLanguage } from "@/lib/viewer-i18n/language.cjs";
import { GalleryView } from "@/components/gallery/gallery-view";
import { GalleryFontFaces } from "@/components/gallery/gallery-font-faces";
import { FONT_VALUES } from "@/lib/services/galleries/rules/font-pairs";
import { studioPage } from "@/lib/auth/pages";
import { galleryContent } from "@/lib/services/public";
import { findGallery } from "@/lib/services/access";

export const metadata: Metadata = { robots: { index: false, follow: false } };

/**
 * The gallery editor's preview frame (`/g/{customurl}/preview`): the studio's own gallery only,
 * rendered per request, past its password and expiry (the studio's own playlist door plays its
 * films), following the editor's unsaved state. In the language a guest would get: the gallery's
 * fixed one, else the studio's browser's; the switcher's `?lang=` shows another.
 */
export default async function GalleryPreviewPage({ params, searchParams }: { params: Promise<{ slug: string }>; searchParams: Promise<{ lang?: string | string[] }> }) {
  const actor = await studioPage();
  const gallery = await findGallery((await params).slug);
  if (!gallery || gallery.adminId !== actor.id) notFound();
  const { state, studio } = galleryContent(gallery, "studio");
  const { lang } = await searchParams;
  const segment = languageSegment(typeof lang === "string" ? lang : null, (await headers()).get("accept-language"));
  return (
    <ViewerLocaleProvider locale={viewerLocale(pageLanguage(segment, gallery.settingLanguage))}>
      <GalleryFontFaces fonts={FONT_VALUES} />
      <GalleryView initial={state} studio={studio} preview />
    </ViewerLocaleProvider>
  );
}
