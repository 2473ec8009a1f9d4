"use client";
// A closed gallery's screen that asks the gates from the browser: the password form, or the invited
// guests' notice. One chunk, loaded by the public page only when it shows one of
// them (components/gallery/public-gallery-screen.tsx), so an open gallery's first load carries one
// lazy import for both.
import { InvitedGallery } from "@/components/gallery/invited-gallery";
import { LockedGallery } from "@/components/gallery/locked-gallery";
import type { PublicGalleryView } from "@/lib/services/public/rules/public-view";

export default function ClosedGallery({ view }: { view: Extract<PublicGalleryView, { screen: "locked" | "invited" }> }) {
  return view.screen === "locked" ? <LockedGallery slug={view.slug} title={view.title} studio={view.studio} /> : <InvitedGallery slug={view.slug} studio={view.studio} websiteUrl={view.websiteUrl} />;
}
