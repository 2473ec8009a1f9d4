"use client";
import { useEditor } from "@/components/studio/editor/editor-context";
import { Panel } from "@/components/studio/editor/panel";
import { GuestsPanel } from "@/components/studio/editor/guests/guests-panel";
import { InsightsPanel } from "@/components/studio/editor/guests/insights-panel";
import { GALLERY_SECTIONS } from "@/lib/routes";

const TITLE = GALLERY_SECTIONS.find((s) => s.slug === "guests")!.label;

/** Guests & Insights (issue 21): the personal links and their mails, then who watched what. */
export function GuestsSection() {
  const { gallery } = useEditor();
  return (
    <Panel title={TITLE} description="Personal links for each guest, and who watched what.">
      <GuestsPanel galleryId={gallery._id} />
      <InsightsPanel galleryId={gallery._id} />
    </Panel>
  );
}
