import { FacebookIcon, InstagramIcon, YoutubeIcon } from "@/components/ui/social-icons";
import { safeHttpUrl } from "@/lib/services/studio/rules/safe-url";
import { fill } from "@/lib/viewer-i18n/format";
import { useViewer } from "@/components/gallery/viewer-locale";
import { LanguageSwitcher } from "@/components/gallery/language-switcher";
import type { GalleryStudio } from "@/lib/contract/public";

const SOCIALS = [
  { key: "youtube", label: "YouTube", Icon: YoutubeIcon },
  { key: "instagram", label: "Instagram", Icon: InstagramIcon },
  { key: "facebook", label: "Facebook", Icon: FacebookIcon },
] as const;

/** The studio's sign-off: name, website and social links (http(s) only), and Vidfolio's mark unless white-labeled. */
export function GalleryFooter({ studio, expiresAt = null }: { studio: GalleryStudio; expiresAt?: string | null }) {
  const { t, date } = useViewer();
  const website = safeHttpUrl(studio.websiteUrl);
  const socials = SOCIALS.flatMap((s) => {
    const href = safeHttpUrl(studio.socials?.[s.key]);
    return href ? [{ ...s, href }] : [];
  });
  return (
    <footer className="border-t border-white/10 px-5 py-10 text-center text-xs text-zinc-400" data-testid="gallery-footer">
      <span className="text-sm font-medium text-zinc-300">{studio.name}</span>
      {(website || socials.length > 0) && (
        <div className="mt-4 flex flex-wrap items-center justify-center gap-3">
          {website && (
            <a
              href={website}
              target="_blank"
              rel="noopener noreferrer"
              className="rounded-full border border-white/20 px-4 py-2 text-xs font-semibold tracking-wider text-zinc-200 uppercase hover:bg-white/10"
              data-testid="studio-website"
            >
              {t.viewer.visitWebsite}
            </a>
          )}
          {socials.map(({ key, label, Icon, href }) => (
            <a
              key={key}
              href={href}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={label}
              className="grid h-11 w-11 place-items-center rounded-full text-zinc-300 hover:bg-white/10 hover:text-white"
            >
              <Icon className="h-5 w-5" />
            </a>
          ))}
        </div>
      )}
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
