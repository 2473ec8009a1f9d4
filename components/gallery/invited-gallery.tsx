"use client";
import { useEffect, useState } from "react";
import { GalleryView } from "@/components/gallery/gallery-view";
import { GalleryNotice } from "@/components/gallery/gallery-notice";
import { LockIcon } from "@/components/gallery/icons";
import type { NoticeBrand } from "@/lib/services/public/rules/public-view";
import { contentForThisBrowser } from "@/lib/browser/public-gates";
import type { GalleryContent } from "@/lib/contract/public";
import { safeHttpUrl } from "@/lib/services/studio/rules/safe-url";
import { useViewer } from "@/components/gallery/viewer-locale";

type Props = { slug: string; studio: NoticeBrand; websiteUrl: string | null };

/**
 * A gallery for invited guests (audience INVITED). The cached page holds only the studio's notice;
 * the films come from the content API once the gate lets this browser in (a valid personal link, its
 * `?k=` traded here, or its guest cookie; the password, when the gallery has one, is the locked
 * form's). Until the answer the notice's heading says the link is being checked; refused, it says "for invited guests" (no link) or "this link no longer works", with the studio's
 * contact, never the gallery.
 */
export function InvitedGallery({ slug, studio, websiteUrl }: Props) {
  const { t, lang } = useViewer();
  const [content, setContent] = useState<GalleryContent | null>(null);
  const [phase, setPhase] = useState<"checking" | "uninvited" | "badLink" | "expired">("checking");

  useEffect(() => {
    let live = true;
    contentForThisBrowser(slug, lang)
      .then((r) => {
        if (!live) return;
        if (r.ok) return setContent(r.content);
        setPhase(r.reason === "expired" ? "expired" : r.invite || r.reason === "invite" ? "badLink" : "uninvited");
      })
      .catch(() => live && setPhase("uninvited"));
    return () => {
      live = false;
    };
  }, [slug, lang]);

  if (content) return <GalleryView initial={content.state} studio={content.studio} preview={false} expiresAt={content.expiresAt} />;
  const bad = phase === "badLink";
  const website = safeHttpUrl(websiteUrl);
  // While the link is checked, the heading says so (a guest would otherwise see "for invited guests" flash).
  const heading = phase === "checking" ? t.viewer.checkingLink : phase === "expired" ? t.viewer.expiredHeading : bad ? t.viewer.linkInvalidHeading : t.viewer.invitedHeading;
  return (
    <GalleryNotice studio={studio} title={heading} testId="gallery-invited">
      {phase === "expired" ? (
        <p className="text-sm text-zinc-400">{t.viewer.expiredHint}</p>
      ) : (
        phase !== "checking" && (
          <div data-testid={bad ? "invite-link-invalid" : "invite-required"}>
            <LockIcon className="mx-auto h-5 w-5 text-zinc-400" />
            <p className="mt-3 text-sm text-zinc-300">{bad ? t.viewer.linkInvalidHint : t.viewer.invitedHint}</p>
            {website && (
              <a
                href={website}
                target="_blank"
                rel="noopener noreferrer"
                className="mt-6 inline-flex rounded-full border border-white/20 px-4 py-2 text-xs font-semibold tracking-wider text-zinc-200 uppercase hover:bg-white/10"
                data-testid="studio-website"
              >
                {t.viewer.visitWebsite}
              </a>
            )}
          </div>
        )
      )}
    </GalleryNotice>
  );
}
