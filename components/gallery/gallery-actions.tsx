"use client";
import { useState } from "react";
import { DownloadIcon, PlayIcon, ShareIcon, TvIcon } from "@/components/gallery/icons";
import { VIEWER_TEXTS } from "@/lib/viewer-texts";
import type { GallerySetting } from "@/lib/validation/galleries";
import type { VideoCard } from "@/lib/gallery-preview";

export type GalleryActionHandlers = {
  onPlayAll: () => void;
  onTv: () => void;
  /** The address a viewer shares (the gallery's link, without any deep link). */
  shareUrl: () => string;
  shareTitle: string;
  /** Where a film downloads from; null when downloads are off or unavailable (preview). */
  downloadHref: ((videoId: string) => string) | null;
  videos: VideoCard[];
};

const primary = "inline-flex items-center gap-2 rounded-full bg-white px-5 py-2.5 text-sm font-semibold text-zinc-950 shadow-lg hover:bg-zinc-200";
const secondary = "inline-flex items-center gap-2 rounded-full border border-white/30 bg-white/10 px-5 py-2.5 text-sm font-medium text-white backdrop-blur hover:bg-white/20 cursor-pointer";

/** The viewer's buttons, each shown only when its toggle is on (spec §3 setting). */
export function GalleryActions({ setting, handlers }: { setting: GallerySetting; handlers: GalleryActionHandlers }) {
  const [status, setStatus] = useState<string | null>(null);
  // A disclosure: the button shows the list of films to download; Escape or a second click hides it.
  const [menuOpen, setMenuOpen] = useState(false);
  const hasFilms = handlers.videos.length > 0;

  async function share() {
    const url = handlers.shareUrl();
    const nav = navigator as Navigator & { share?: (d: ShareData) => Promise<void> };
    if (nav.share) {
      try {
        await nav.share({ title: handlers.shareTitle, url });
        return;
      } catch (e) {
        if ((e as Error).name === "AbortError") return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      setStatus(VIEWER_TEXTS.linkCopied);
    } catch {
      setStatus(url);
    }
    window.setTimeout(() => setStatus(null), 3000);
  }

  if (!setting.playall && !setting.download && !setting.share && !setting.tv) return null;
  return (
    <div className="mt-7 flex flex-wrap items-center gap-3" data-testid="gallery-actions">
      {setting.playall && (
        <button type="button" className={primary} onClick={handlers.onPlayAll} disabled={!hasFilms}>
          <PlayIcon className="h-4 w-4" />
          Play All
        </button>
      )}
      {setting.download && (
        <div className="relative" onKeyDown={(e) => e.key === "Escape" && setMenuOpen(false)}>
          <button type="button" className={secondary} aria-expanded={menuOpen} aria-controls="download-menu" onClick={() => setMenuOpen((o) => !o)}>
            <DownloadIcon className="h-4 w-4" />
            Download
          </button>
          {menuOpen && (
            <ul id="download-menu" className="absolute left-0 z-20 mt-2 max-h-72 w-72 overflow-y-auto rounded-xl bg-white p-1.5 text-sm text-zinc-900 shadow-2xl" data-testid="download-menu">
              {handlers.downloadHref && hasFilms ? (
                handlers.videos.map((v) => (
                  <li key={v._id}>
                    <a href={handlers.downloadHref!(v._id)} download className="block truncate rounded-lg px-3 py-2 hover:bg-zinc-100 focus-visible:bg-zinc-100 focus-visible:outline-none">
                      {v.title}
                    </a>
                  </li>
                ))
              ) : (
                <li className="px-3 py-2 text-zinc-500">{hasFilms ? VIEWER_TEXTS.downloadsInPreview : VIEWER_TEXTS.noFilmsToDownload}</li>
              )}
            </ul>
          )}
        </div>
      )}
      {setting.share && (
        <button type="button" className={secondary} onClick={() => void share()}>
          <ShareIcon className="h-4 w-4" />
          Share
        </button>
      )}
      {setting.tv && (
        <button type="button" className={secondary} onClick={handlers.onTv} disabled={!hasFilms}>
          <TvIcon className="h-4 w-4" />
          TV Connect
        </button>
      )}
      <span role="status" aria-live="polite" className="text-sm text-white/90" data-testid="share-status">
        {status}
      </span>
    </div>
  );
}
