import { notFound } from "next/navigation";
import { EditorSection } from "@/components/studio/editor/editor-section";
import { isGallerySection } from "@/lib/routes";

type Props = { params: Promise<{ section: string }> };

/** One section of the gallery editor; the layout has loaded the gallery (or answered 404). */
export default async function GallerySectionPage({ params }: Props) {
  const { section } = await params;
  if (!isGallerySection(section)) notFound();
  return <EditorSection section={section} />;
}
