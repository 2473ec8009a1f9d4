"use client";
import { lazy, Suspense, useState } from "react";
import { DownloadIcon, PlayIcon, ShareIcon, TvIcon } from "@/components/gallery/icons";
import { useViewer } from "@/components/gallery/viewer-locale";
import type { GallerySetting } from "@/lib/validation/galleries";
import type { VideoCard } from "@/lib/services/galleries/rules/gallery-preview";
import type { DownloadClick } from "@/components/gallery/download-pin";
import type { Sink } from "@/lib/browser/download-all/sinks";

export type GalleryActionHandlers = {
  onPlayAll: () => void;
  onTv: () => void;
  /** The address a viewer shares (the gallery's link, without any deep link). */
  shareUrl: () => string;
  shareTitle: string;
  /** Said with the shared link: a password gallery's link opens on its password form (null: nothing to say). */
  shareNote?: string | null;
  /** Called once a viewer has shared the link (or copied it); none in the studio's preview. */
  onShared?: () => void;
  /** Where a film downloads from; null when downloads are off or unavailable (preview). */
  downloadHref: ((videoId: string) => string) | null;
  /** A download link's click, when the gallery's downloads ask for a PIN (components/gallery/download-pin.tsx). */
  onDownload?: DownloadClick;
  /** Download all; none in the studio's preview. */
  onDownloadAll?: (picked: Promise<Sink | null> | null) => void;
  videos: VideoCard[];
  /** The studio's preview: its buttons show what the settings turn on, films or not. */
  preview?: boolean;
};

/** The films a viewer may download: in a gallery in review, only approved ones (the doors decide too). */
const downloadableFilms = (videos: VideoCard[]): VideoCard[] => videos.filter((v) => !v.review?.closed);

// Radix's menu is fetched when the viewer first reaches for the button (hover, focus or press).
const loadDownloadMenu = () => import("@/components/gallery/download-menu");
const DownloadMenu = lazy(loadDownloadMenu);

// The main button wears the gallery's accent (lib/services/galleries/rules/gallery-look.ts: its label in the ink that contrasts most), white by default.
const primary =
  "inline-flex items-center gap-2 rounded-full bg-[color:var(--look-accent,white)] px-5 py-2.5 text-sm font-semibold text-[color:var(--look-accent-ink,#09090b)] shadow-lg hover:brightness-90";
const secondary = "inline-flex items-center gap-2 rounded-full border border-white/30 bg-white/10 px-5 py-2.5 text-sm font-medium text-white backdrop-blur hover:bg-white/20 cursor-pointer";

/** The viewer's buttons, each shown only when its toggle is on (spec §3 setting). */
export function GalleryActions({ setting, handlers }: { setting: GallerySetting; handlers: GalleryActionHandlers }) {
  const { t } = useViewer();
  const [status, setStatus] = useState<string | null>(null);
  // The Download menu: a plain button until the viewer reaches for it, then Radix's menu (open at once when pressed).
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuWanted, setMenuWanted] = useState<"pointer" | "keyboard" | null>(null);
  // A gallery without a film offers its guests nothing to play or download (its films' heading says
  // it is empty); the studio's preview keeps the buttons its settings turn on.
  const hasFilms = handlers.videos.length > 0;
  const offered = hasFilms || handlers.preview === true;
  const downloadable = downloadableFilms(handlers.videos);
  // In review with nothing approved yet, there is nothing to download: no button (the cards say "In review").
  const showDownload = setting.download && (hasFilms ? downloadable.length > 0 : offered);
  const showPlayAll = setting.playall && offered;
  const showTv = setting.tv && offered;

  // The link is the gallery's own (never a guest's personal link: the page's address has lost its `k`).
  // A password gallery's link opens on the password form: the note says so to the sharer, and
  // through the share sheet to whoever receives it.
  async function share() {
    const url = handlers.shareUrl();
    const note = handlers.shareNote ?? null;
    const say = (text: string) => {
      setStatus(text);
      window.setTimeout(() => setStatus(null), note ? 8000 : 3000);
    };
    const nav = navigator as Navigator & { share?: (d: ShareData) => Promise<void> };
    if (nav.share) {
      try {
        await nav.share({ title: handlers.shareTitle, url, ...(note ? { text: note } : {}) });
        handlers.onShared?.();
        if (note) say(note);
        return;
      } catch (e) {
        if ((e as Error).name === "AbortError") return;
      }
    }
    let said = url;
    try {
      await navigator.clipboard.writeText(url);
      said = t.linkCopied;
      handlers.onShared?.();
    } catch {}
    say(note ? `${said} ${note}` : said);
  }

  if (!showPlayAll && !showDownload && !setting.share && !showTv) return null;
  return (
    <div className="mt-7 flex flex-wrap items-center gap-3" data-testid="gallery-actions">
      {showPlayAll && (
        <button type="button" className={primary} onClick={handlers.onPlayAll} disabled={!hasFilms}>
          <PlayIcon className="h-4 w-4" />
          {t.gallery.playAll}
        </button>
      )}
      {showDownload &&
        (menuWanted ? (
          <Suspense fallback={<DownloadButton />}>
            <DownloadMenu
              open={menuOpen}
              onOpenChange={setMenuOpen}
              triggerClassName={secondary}
              videos={downloadable}
              closedCount={handlers.videos.length - downloadable.length}
              downloadHref={handlers.downloadHref}
              onDownload={handlers.onDownload}
              onDownloadAll={handlers.onDownloadAll}
              archiveTitle={handlers.shareTitle}
              focusFirst={menuWanted === "keyboard"}
            />
          </Suspense>
        ) : (
          <DownloadButton
            onReach={() => void loadDownloadMenu()}
            onPress={(how) => {
              setMenuWanted(how);
              setMenuOpen(true);
            }}
          />
        ))}
      {setting.share && (
        <button type="button" className={secondary} onClick={() => void share()}>
          <ShareIcon className="h-4 w-4" />
          {t.gallery.share}
        </button>
      )}
      {showTv && (
        <button type="button" className={secondary} onClick={handlers.onTv} disabled={!hasFilms}>
          <TvIcon className="h-4 w-4" />
          {t.gallery.tvConnect}
        </button>
      )}
      <span role="status" aria-live="polite" className="text-sm text-white/90" data-testid="share-status">
        {status}
      </span>
    </div>
  );
}

/** The Download button before its menu has loaded (the same look as the menu's own trigger). */
function DownloadButton({ onReach, onPress }: { onReach?: () => void; onPress?: (how: "pointer" | "keyboard") => void }) {
  const { t } = useViewer();
  return (
    <button
      type="button"
      className={secondary}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={onReach}
      onFocus={onReach}
      // A click with no pointer position came from the keyboard (Enter or Space).
      onClick={(e) => onPress?.(e.detail === 0 ? "keyboard" : "pointer")}
    >
      <DownloadIcon className="h-4 w-4" />
      {t.gallery.download}
    </button>
  );
}
