"use client";
// An expired gallery's page: the notice (its title, the studio's name, logo and the gallery's look),
// the studio's contact and "Ask for access" (components/gallery/access-request.tsx). A chunk of its
// own, imported lazily by the public page and the open gallery that expires while watched: the
// server renders it whole (the page waits for it), and an open gallery's first load does not carry
// it (bench/viewer --js-only).
import { GalleryNotice } from "@/components/gallery/gallery-notice";
import AccessRequest from "@/components/gallery/access-request";
import { useViewer } from "@/components/gallery/viewer-locale";
import type { NoticeBrand } from "@/lib/services/public/rules/public-view";

/** `slug`: the gallery's custom url or id, for "Ask for access". */
export default function ExpiredNotice({ studio, title, slug }: { studio: NoticeBrand; title: string; slug: string }) {
  const { t } = useViewer();
  return (
    <GalleryNotice studio={studio} title={title} testId="gallery-expired">
      <p className="text-lg font-medium text-white">{t.viewer.expiredHeading}</p>
      <p className="mt-2 text-sm text-zinc-400">{t.viewer.expiredHint}</p>
      <AccessRequest slug={slug} contact={studio.contact} />
    </GalleryNotice>
  );
}
