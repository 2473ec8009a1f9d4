// The studio's contact on a gallery's pages: its website and social links (http(s) only, checked
// again here), as its branding gives them. The gallery's footer and the expired page's "Ask for
// access" show them; nothing when the studio gave none.
import { FacebookIcon, InstagramIcon, YoutubeIcon } from "@/components/ui/social-icons";
import { safeHttpUrl } from "@/lib/services/studio/rules/safe-url";
import { useViewer } from "@/components/gallery/viewer-locale";
import type { GalleryStudio } from "@/lib/contract/public";

const SOCIALS = [
  { key: "youtube", label: "YouTube", Icon: YoutubeIcon },
  { key: "instagram", label: "Instagram", Icon: InstagramIcon },
  { key: "facebook", label: "Facebook", Icon: FacebookIcon },
] as const;

/** What a page knows of the studio's contact (GalleryStudio's links). */
export type StudioContact = Pick<GalleryStudio, "websiteUrl" | "socials">;

export function StudioLinks({ studio }: { studio: StudioContact }) {
  const { t } = useViewer();
  const website = safeHttpUrl(studio.websiteUrl);
  const socials = SOCIALS.flatMap((s) => {
    const href = safeHttpUrl(studio.socials?.[s.key]);
    return href ? [{ ...s, href }] : [];
  });
  if (!website && socials.length === 0) return null;
  return (
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
  );
}
