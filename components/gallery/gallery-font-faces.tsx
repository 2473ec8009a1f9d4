// The bundled faces (lib/services/galleries/rules/fonts.ts) of the given fonts, for the App Router's pages that draw a
// gallery's fonts: the editor (its font dropdowns, pair picker and sample show every font and
// curated face in its face) and its preview frame (the editor may switch to any font live). Declaring a face fetches nothing: a file
// is loaded only when text is drawn in it. The public page writes its own from its head
// (components/gallery/gallery-head.tsx).
import { fontFaceCss } from "@/lib/services/galleries/rules/font-faces";

export function GalleryFontFaces({ fonts }: { fonts: readonly string[] }) {
  const css = fontFaceCss(fonts);
  if (!css) return null;
  return <style data-gallery-fonts="" dangerouslySetInnerHTML={{ __html: css }} />;
}
