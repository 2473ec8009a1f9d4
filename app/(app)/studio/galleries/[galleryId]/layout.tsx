import { notFound } from "next/navigation";
import { GalleryFontFaces } from "@/components/gallery/gallery-font-faces";
import { EditorProvider } from "@/components/studio/editor/editor-context";
import { EditorSidebar } from "@/components/studio/editor/editor-sidebar";
import { PreviewPane } from "@/components/studio/editor/preview-pane";
import { studioPage } from "@/lib/auth/pages";
import { AppError } from "@/lib/errors";
import { GALLERY_FONTS } from "@/lib/fonts";
import { isId } from "@/lib/ids";
import { getGalleryDetails } from "@/lib/services/galleries";
import { baseLinkFor } from "@/lib/services/gallery-links";
import { TEXTS } from "@/lib/texts";

type Props = { children: React.ReactNode; params: Promise<{ galleryId: string }> };

/** The gallery editor: side bar, the section (children) and the live preview, for one gallery. */
export default async function GalleryEditorLayout({ children, params }: Props) {
  const actor = await studioPage();
  const { galleryId } = await params;
  // The page parses its own path: a malformed id names nothing (the service takes parsed ids only).
  if (!isId(galleryId)) notFound();
  const details = await getGalleryDetails(actor, galleryId).catch((e: unknown) => {
    if (e instanceof AppError && e.code === "not_found") notFound();
    throw e;
  });
  return (
    <EditorProvider details={details} baseLink={baseLinkFor(actor)}>
      <GalleryFontFaces fonts={GALLERY_FONTS} />
      {/* Three columns from 1024 px; below, one: the sections as a strip, the section, the preview. */}
      <div className="flex min-h-[calc(100vh-4rem)] flex-col lg:flex-row">
        <EditorSidebar />
        <main id="editor-section" className="w-full shrink-0 scroll-mt-16 px-4 py-6 sm:px-6 lg:w-[26rem] xl:w-[30rem]">
          {/* Below 1024 px the preview sits under the section: one tap away (issue 19 item 7). */}
          <a href="#preview" className="mb-4 inline-flex items-center gap-1.5 rounded-full border border-zinc-300 bg-white px-3.5 py-1.5 text-xs font-semibold text-zinc-800 shadow-sm lg:hidden">
            {TEXTS.showPreview} ↓
          </a>
          {children}
        </main>
        <PreviewPane />
      </div>
    </EditorProvider>
  );
}
