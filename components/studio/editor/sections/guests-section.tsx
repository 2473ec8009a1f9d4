"use client";
import { useEditor } from "@/components/studio/editor/editor-context";
import { Panel } from "@/components/studio/editor/panel";
import { GuestsPanel } from "@/components/studio/editor/guests/guests-panel";
import { InsightsPanel } from "@/components/studio/editor/guests/insights-panel";

/** Guests & Insights (issue 21): the personal links and their mails, then who watched what. */
export function GuestsSection() {
  const { gallery } = useEditor();
  return (
    <Panel title="Guests & Insights" description="Personal links for each guest, and who watched what.">
      <GuestsPanel galleryId={gallery._id} />
      <InsightsPanel galleryId={gallery._id} />
    </Panel>
  );
}
