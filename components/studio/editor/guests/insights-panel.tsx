"use client";
/** Who watched what (issue 21). */
export function InsightsPanel({ galleryId }: { galleryId: string }) {
  return <div data-gallery={galleryId} />;
}
