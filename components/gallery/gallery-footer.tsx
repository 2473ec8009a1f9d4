import { fill } from "@/lib/viewer-i18n/format";
import { useViewer } from "@/components/gallery/viewer-locale";
import { LanguageSwitcher } from "@/components/gallery/language-switcher";
import { StudioLinks } from "@/components/gallery/studio-links";
import type { GalleryStudio } from "@/lib/contract/public";

/** The studio's sign-off: name, website and social links (http(s) only), and Vidfolio's mark unless white-labeled. */
export function GalleryFooter({ studio, expiresAt = null }: { studio: GalleryStudio; expiresAt?: string | null }) {
  const { t, date } = useViewer();
  return (
    <footer className="border-t border-white/10 px-5 py-10 text-center text-xs text-zinc-400" data-testid="gallery-footer">
      <span className="text-sm font-medium text-zinc-300">{studio.name}</span>
      <StudioLinks studio={studio} />
      {expiresAt && (
        <p className="mt-4 text-zinc-300" data-testid="available-until">
          {fill(t.gallery.availableUntil, { date: date(expiresAt) })}
        </p>
      )}
      <p className="mx-auto mt-4 max-w-md leading-relaxed" data-testid="privacy-note">
        {t.viewer.privacyNote}
      </p>
      {/* White-labeling (Pro, Unlimited) removes Vidfolio's mark. */}
      {!studio.whiteLabel && (
        <p className="mt-4" data-testid="made-with">
          {t.viewer.madeWith}
        </p>
      )}
      <LanguageSwitcher />
    </footer>
  );
}
