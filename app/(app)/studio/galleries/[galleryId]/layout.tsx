import { notFound } from "next/navigation";
import { GalleryFontFaces } from "@/components/gallery/gallery-font-faces";
import { EditorProvider } from "@/components/studio/editor/editor-context";
import { EditorColumns } from "@/components/studio/editor/editor-columns";
import { studioPage } from "@/lib/auth/pages";
import { AppError } from "@/lib/errors";
import { FONT_VALUES } from "@/lib/services/galleries/rules/font-pairs";
import { isId } from "@/lib/ids";
import { getGalleryDetails, baseLinkFor } from "@/lib/services/galleries";

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
      <GalleryFontFaces fonts={FONT_VALUES} />
      <EditorColumns>{children}</EditorColumns>
    </EditorProvider>
  );
}
