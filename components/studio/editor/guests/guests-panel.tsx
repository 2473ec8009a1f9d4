"use client";
/** The gallery's guests: their personal links, the delivery mail and reminders (issue 21). */
export function GuestsPanel({ galleryId }: { galleryId: string }) {
  return <div data-gallery={galleryId} />;
}
