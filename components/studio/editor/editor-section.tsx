"use client";
import { BackgroundSection } from "@/components/studio/editor/sections/background-section";
import { DeliverSection } from "@/components/studio/editor/sections/deliver-section";
import { GuestsSection, InsightsSection } from "@/components/studio/editor/sections/guests-section";
import { HeadingSection } from "@/components/studio/editor/sections/heading-section";
import { LinkedMediaSection } from "@/components/studio/editor/sections/linked-media-section";
import { MusicSection } from "@/components/studio/editor/sections/music-section";
import { ReviewSection } from "@/components/studio/editor/sections/review-section";
import { SettingsSection } from "@/components/studio/editor/sections/settings-section";
import { StylesSection } from "@/components/studio/editor/sections/styles-section";
import { VideosSection } from "@/components/studio/editor/sections/videos-section";
import type { GallerySection } from "@/lib/routes";

const SECTIONS: Record<GallerySection, () => React.JSX.Element> = {
  videos: VideosSection,
  linkmediamain: LinkedMediaSection,
  heading: HeadingSection,
  background: BackgroundSection,
  music: MusicSection,
  styles: StylesSection,
  settings: SettingsSection,
  deliver: DeliverSection,
  guests: GuestsSection,
  review: ReviewSection,
  insights: InsightsSection,
};

export function EditorSection({ section }: { section: GallerySection }) {
  const Section = SECTIONS[section];
  return <Section />;
}
