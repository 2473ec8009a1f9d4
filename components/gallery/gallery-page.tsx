"use client";
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { GalleryFooter } from "@/components/gallery/gallery-footer";
import { GALLERY_WIDTH, GalleryHero } from "@/components/gallery/gallery-hero";
import { VideoGrid } from "@/components/gallery/video-grid";
import { MusicControl } from "@/components/gallery/music-control";
import { useDownloadPin } from "@/components/gallery/download-pin";
import type { GalleryActionHandlers } from "@/components/gallery/gallery-actions";
import type { Sink } from "@/lib/browser/download-all/sinks";
import { fontFamily } from "@/lib/services/galleries/rules/fonts";
import { lookVariables } from "@/lib/services/galleries/rules/gallery-look";
import { parseVideoHash } from "@/lib/services/films/rules/video-hash";
import { gallerySections } from "@/lib/services/public/rules/gallery-sections";
import { downloadHref as publicDownloadHref } from "@/lib/browser/public-client";
import type { GalleryViewState } from "@/lib/services/galleries/rules/gallery-preview";
import type { GalleryStudio } from "@/lib/contract/public";
import { useViewer } from "@/components/gallery/viewer-locale";

// The player (Vidstack, hls.js) is fetched only when a film is opened: the page itself stays light.
// React's lazy rather than next/dynamic: the theater never renders on the server (nothing is open
// there), and next/dynamic's loader would add about 3 KB to the page's first load.
const Theater = lazy(() => import("@/components/gallery/theater"));
// Download all's panel and ZIP writer: fetched when the viewer asks for it.
const DownloadAll = lazy(() => import("@/components/gallery/download-all"));
// The pay panel (Paid delivery): only a priced gallery's page loads it (paid, it only thanks a payer back from the checkout).
const PayPanel = lazy(() => import("@/components/gallery/pay-panel"));

type Props = { state: GalleryViewState; studio: GalleryStudio; preview?: boolean; expiresAt?: string | null; onState?: (state: GalleryViewState) => void };

/** Thumbnails of the first grid loaded at once: the featured grid's first row at its widest (three:
 * components/gallery/video-grid.tsx), and as many of a single All films list (its fourth, at 1280 px
 * and wider, stays lazy: on a phone it is far below the fold, and the first load's pictures stay as they were). */
const FIRST_ROW = 3;

type Open = { index: number; playAll: boolean; startAt: number; tv: boolean };

/** The classic layout: a hero with the heading and buttons over the background, then the films. */
export function GalleryPage({ state, studio, preview = false, expiresAt = null, onState }: Props) {
  const { t } = useViewer();
  // Downloads and view counts name the gallery (the studio's preview neither downloads nor counts).
  const gallery = preview ? undefined : (state.slug ?? state.galleryId);
  const { featured, others, order } = useMemo(() => gallerySections(state.showcase, state.videos), [state.showcase, state.videos]);
  const [open, setOpen] = useState<Open | null>(null);
  const [all, setAll] = useState<{ picked: Promise<Sink | null> | null; key: number } | null>(null);
  const closeAll = useCallback(() => setAll(null), []);

  // A deep link to a film no longer here (deleted, or taken out of the gallery): said over the films.
  const [gone, setGone] = useState(false);
  const openById = useCallback(
    (videoId: string, opts: Partial<Open> = {}) => {
      const index = order.findIndex((v) => v._id === videoId);
      if (index >= 0) setOpen({ index, playAll: false, startAt: 0, tv: false, ...opts });
      return index >= 0;
    },
    [order],
  );

  // Deep links (#v=<video>&t=<seconds>): on arrival and whenever the hash changes.
  const latestOpen = useRef(openById);
  useEffect(() => {
    latestOpen.current = openById;
  }, [openById]);
  useEffect(() => {
    const follow = () => {
      const link = parseVideoHash(window.location.hash);
      if (link) setGone(!latestOpen.current(link.videoId, { startAt: link.seconds }));
    };
    follow();
    window.addEventListener("hashchange", follow);
    return () => window.removeEventListener("hashchange", follow);
  }, []);

  function close() {
    setOpen(null);
    if (window.location.hash) window.history.replaceState(null, "", window.location.pathname + window.location.search);
  }

  // An unpaid gallery (Paid delivery) offers no download: its films are previews until it is paid.
  const locked = state.payment?.locked === true;
  const downloadHref = state.setting.download && gallery && !locked ? (videoId: string) => publicDownloadHref(videoId, gallery) : null;
  // A gallery whose downloads ask for a PIN: each download asks first (and the dialog when needed).
  const pin = useDownloadPin(downloadHref && state.downloadPin ? gallery! : null);
  const handlers: GalleryActionHandlers = {
    onPlayAll: () => order.length > 0 && setOpen({ index: 0, playAll: true, startAt: 0, tv: false }),
    onTv: () => order.length > 0 && setOpen({ index: open?.index ?? 0, playAll: false, startAt: 0, tv: true }),
    shareUrl: () => window.location.origin + window.location.pathname,
    shareTitle: state.title || studio.name,
    shareNote: state.passwordProtected ? t.gallery.sharePasswordNote : null,
    // A share of the gallery counts on the film open, else on its first film (the studio's insights;
    // the reporter comes with the player's code, outside the page's first load).
    onShared:
      gallery && order.length > 0
        ? () =>
            void import("@/lib/browser/watch-tracker").then(
              (m) => m.reportEngagement(gallery, (order[open?.index ?? 0] ?? order[0])._id, { event: "share" }),
              () => {},
            )
        : undefined,
    downloadHref,
    onDownload: pin.onDownload,
    onDownloadAll: downloadHref && gallery ? (picked) => setAll((a) => ({ picked, key: (a?.key ?? 0) + 1 })) : undefined,
    videos: order,
    preview,
  };

  return (
    <div
      className="min-h-screen bg-zinc-950 text-zinc-100"
      style={{ fontFamily: fontFamily(state.fbody), ...lookVariables(state.look) }}
      data-testid="gallery-page"
      data-preview={preview || undefined}
    >
      <header className={`absolute inset-x-0 top-0 z-10 flex items-center gap-3 py-4 ${GALLERY_WIDTH}`} data-testid="gallery-brand">
        {studio.logoUrl ? <img src={studio.logoUrl} alt="" className="h-10 w-10 shrink-0 rounded-full object-cover ring-1 ring-white/20" /> : null}
        <span className="min-w-0 truncate text-sm font-medium tracking-wide text-white/90 drop-shadow">{studio.name}</span>
        {state.background.musicUrl && <MusicControl url={state.background.musicUrl} silenced={open !== null} />}
      </header>
      <GalleryHero state={locked ? { ...state, setting: { ...state.setting, download: false } } : state} handlers={handlers} filmOpen={open !== null} />
      <main className={`py-12 ${GALLERY_WIDTH}`}>
        {gone && (
          <p role="status" className="mb-10 rounded-xl border border-white/15 bg-white/5 px-4 py-3 text-sm text-zinc-200" data-testid="film-gone">
            {t.filmGone}
          </p>
        )}
        {state.payment && gallery && onState && (
          <Suspense fallback={null}>
            <PayPanel slug={gallery} payment={state.payment!} onPaid={onState} />
          </Suspense>
        )}
        {/* Each film once: the Show Case under Featured films, then the other films
            under All films; without a Show Case, one list.
            Without a background image, the first thumbnail is the page's largest paint and the first row
            is in view on a phone and a laptop alike: they load at once (lazy, they delayed it).
            With one, the background is the largest paint and the films start below a phone's fold: they
            stay lazy, out of its way (bench/lighthouse: loaded at once, they cost the gallery ~350 ms of LCP). */}
        {(featured.length > 0 ? [featured, others] : [others]).map(
          (videos, i) =>
            (i === 0 || videos.length > 0) && (
              <div key={i} className={i > 0 ? "mt-14" : undefined}>
                <VideoGrid
                  heading={order.length === 0 ? t.gallery.empty : videos === others ? t.gallery.allFilms : t.gallery.featuredFilms}
                  videos={videos}
                  emptyNote={t.gallery.filmsEmpty}
                  headingFont={state.fheading}
                  onOpen={openById}
                  eager={i > 0 || state.background.imgUrl ? 0 : FIRST_ROW}
                  firstIsLargest={i === 0 && !state.background.imgUrl}
                  dense={videos === others}
                />
              </div>
            ),
        )}
      </main>
      <GalleryFooter studio={studio} expiresAt={expiresAt} />
      {open && order[open.index] && (
        <Suspense fallback={null}>
          <Theater
            videos={order}
            index={open.index}
            playAll={open.playAll}
            startAt={open.startAt}
            tv={open.tv}
            downloadHref={downloadHref}
            onDownload={pin.onDownload}
            onIndex={(index) => setOpen((o) => (o ? { ...o, index, startAt: 0 } : o))}
            onClose={close}
            reportTo={gallery}
            galleryId={preview ? undefined : state.galleryId}
          />
        </Suspense>
      )}
      {pin.dialog}
      {all && gallery && (
        <Suspense fallback={null}>
          <DownloadAll key={all.key} gallery={gallery} picked={all.picked} onClose={closeAll} />
        </Suspense>
      )}
    </div>
  );
}
