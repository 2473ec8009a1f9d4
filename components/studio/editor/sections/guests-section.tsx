"use client";
import Link from "next/link";
import { BarChart3 } from "lucide-react";
import { useEditor } from "@/components/studio/editor/editor-context";
import { Panel } from "@/components/studio/editor/panel";
import { GuestsPanel } from "@/components/studio/editor/guests/guests-panel";
import { InsightsPanel } from "@/components/studio/editor/guests/insights-panel";
import { buttonClass } from "@/components/ui/button";
import { galleryPath } from "@/lib/routes";
import { TEXTS } from "@/lib/texts";

/** Guests: the personal links and their mails; who watched what is the Insights section's. */
export function GuestsSection() {
  const { gallery } = useEditor();
  return (
    <Panel
      title={TEXTS.gallerySections.guests}
      description={TEXTS.glance.guestsDescription}
      actions={
        <Link href={galleryPath(gallery._id, "insights")} className={buttonClass("outline", "shrink-0")}>
          <BarChart3 className="h-4 w-4" aria-hidden="true" />
          {TEXTS.gallerySections.insights}
        </Link>
      }
    >
      <GuestsPanel galleryId={gallery._id} />
    </Panel>
  );
}

/** Insights: its own section, at the editor's full width. */
export function InsightsSection() {
  const { gallery } = useEditor();
  return <InsightsPanel galleryId={gallery._id} />;
}
