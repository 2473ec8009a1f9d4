"use client";
import { toast } from "sonner";
import { useEditor } from "@/components/studio/editor/editor-context";
import { FontPairPicker } from "@/components/studio/editor/font-pair-picker";
import { FontSelect } from "@/components/studio/editor/font-select";
import { LookCard } from "@/components/studio/editor/look-card";
import { Card, Panel } from "@/components/studio/editor/panel";
import { apiCall } from "@/lib/browser/api-client";
import { doors } from "@/lib/contract";
import { fontFamily } from "@/lib/services/galleries/rules/fonts";
import { TEXTS } from "@/lib/texts";

type FontKey = "fheading" | "fbody";

/** Heading and Body fonts, saved as soon as they are picked; colours and the cover's focal point (LookCard); the preview follows at once. */
export function StylesSection() {
  const { gallery, setGallery } = useEditor();

  /** Sets one font, or both (a pair), at once in the preview, then saves them in one call; puts back what failed to save. */
  async function choose(fonts: Partial<Record<FontKey, string>>) {
    const keys = (Object.keys(fonts) as FontKey[]).filter((k) => gallery[k] !== fonts[k]);
    if (!keys.length) return;
    const before = Object.fromEntries(keys.map((k) => [k, gallery[k]]));
    const after = Object.fromEntries(keys.map((k) => [k, fonts[k]!]));
    setGallery((g) => ({ ...g, ...after }));
    try {
      await apiCall(doors.galleries.updateText, { body: { galleryId: gallery._id, ...after } });
    } catch {
      setGallery((g) => ({ ...g, ...Object.fromEntries(keys.filter((k) => g[k] === after[k]).map((k) => [k, before[k]])) }));
      toast.error(TEXTS.fontSaveFailed);
    }
  }

  return (
    <Panel title={TEXTS.gallerySections.styles} description="The fonts and colours of the gallery, and the point of its cover kept in view.">
      <Card className="space-y-5">
        <FontSelect id="font-heading" label="Heading" value={gallery.fheading} onChange={(f) => choose({ fheading: f })} />
        <FontSelect id="font-body" label="Body" value={gallery.fbody} onChange={(f) => choose({ fbody: f })} />
      </Card>
      <Card className="mt-4">
        <FontPairPicker heading={gallery.fheading} body={gallery.fbody} onChoose={(p) => choose({ fheading: p.heading, fbody: p.body })} />
      </Card>
      <Card className="mt-4">
        <p className="text-xs font-semibold tracking-wide text-zinc-500 uppercase">Sample</p>
        <p className="mt-2 text-2xl text-zinc-900" style={{ fontFamily: fontFamily(gallery.fheading) }} data-testid="font-sample-heading">
          {gallery.title || gallery.name}
        </p>
        <p className="mt-1 text-sm text-zinc-600" style={{ fontFamily: fontFamily(gallery.fbody) }}>
          {gallery.subtitle || "Your films, beautifully delivered."}
        </p>
      </Card>
      <LookCard />
    </Panel>
  );
}
