"use client";
// The viewer's player (loaded only when a film is opened): one film at a time over the gallery,
// its chapters as links that start playback there, previous/next, Play All's automatic advance,
// Download when the studio allows it, and TV Connect (AirPlay, Chromecast, the browser's remote
// playback) from a click, as browsers require. On a viewer's page (never the studio's preview) it
// counts a view on first play and reports what was played, and casts, for the studio's insights
// (lib/browser/watch-tracker.ts).
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import * as RadixDialog from "@radix-ui/react-dialog";
import { ChevronLeft, ChevronRight, Download, Tv, X } from "lucide-react";
import type { MediaPlayerInstance } from "@vidstack/react";
import { VideoPlayer } from "@/components/player/video-player";
import { Transcript } from "@/components/gallery/transcript";
import { formatCuePoint } from "@/lib/services/films/rules/cue";
import { fill } from "@/lib/viewer-i18n/format";
import { videoHash } from "@/lib/services/films/rules/video-hash";
import { filmAspect } from "@/lib/services/films/rules/film-aspect";
import { useViewer } from "@/components/gallery/viewer-locale";
import { recordView, reportEngagement, REPORT_EVERY_MS, WatchTracker } from "@/lib/browser/watch-tracker";
import type { VideoCard } from "@/lib/services/galleries/rules/gallery-preview";
import type { ViewerVersionDto } from "@/lib/contract/films";
import { DialogShell } from "@/components/ui/dialog";
import { captionsFor, readChoices, saveChoices, type PlayerChoices } from "@/lib/browser/player-choices";
import type { DownloadClick } from "@/components/gallery/download-pin";
import { isPlainGuest, refreshReviewRight, reviewRightOf, subscribeReviewRight } from "@/lib/browser/review-hint";
import { PUBLIC_APPROVAL_PATH, publicPath } from "@/lib/contract/paths";

// A reviewer's panel (live review): its own chunk, loaded only for a guest the personal link marked as one.
const GuestReview = lazy(() => import("@/components/gallery/guest-review"));

export type TheaterProps = {
  videos: VideoCard[];
  index: number;
  /** Play All: start each film by itself and go on to the next when one ends. */
  playAll: boolean;
  startAt: number;
  /** Opened by TV Connect: offer the connection first. */
  tv: boolean;
  downloadHref: ((videoId: string) => string) | null;
  /** A download's click when the gallery asks for a PIN (it may ask before the download starts). */
  onDownload?: DownloadClick;
  onIndex: (index: number) => void;
  onClose: () => void;
  /** The gallery (custom url or id) to count views of and report what is played to; none in the studio's preview. */
  reportTo?: string;
  /** The gallery's id: a guest with review rights of it gets the review panel (a viewer's page only). */
  galleryId?: string;
};

type RemoteVideo = HTMLVideoElement & { remote?: { prompt: () => Promise<void> } };

export default function Theater({ videos, index, playAll, startAt, tv, downloadHref, onDownload, onIndex, onClose, reportTo, galleryId }: TheaterProps) {
  const { t, number, lang } = useViewer();
  const video = videos[index];
  // The guest's captions, quality and volume carry to the next film of the gallery (this tab's session).
  const [scope] = useState(() => (typeof window === "undefined" ? "" : window.location.pathname));
  const [choices, setChoices] = useState<PlayerChoices>(() => (typeof window === "undefined" ? {} : readChoices(scope)));
  const choose = useCallback((change: PlayerChoices) => setChoices(saveChoices(scope, change)), [scope]);
  // Its captions in the guest's choice, else the viewer's language, else the studio's default (a
  // choice made while it plays changes the default only, which the player leaves alone then).
  const captions = useMemo(() => captionsFor(video.captions, lang, choices.captions), [video.captions, lang, choices.captions]);
  const words = useMemo(() => ({ layout: t.player, chapters: t.theater.chapters, playFilm: t.gallery.playFilm }), [t]);
  const player = useRef<MediaPlayerInstance>(null);
  // The player instance as state too: the transcript subscribes to it once it exists.
  const [playerInstance, setPlayerInstance] = useState<MediaPlayerInstance | null>(null);
  const setPlayer = useCallback((instance: MediaPlayerInstance | null) => {
    player.current = instance;
    setPlayerInstance(instance);
  }, []);
  const tracker = useRef<WatchTracker | null>(null);
  // Films whose download an approval made in this theater opened (the page's cards predate it).
  const [unlocked, setUnlocked] = useState<ReadonlySet<string>>(() => new Set());
  const unlock = useCallback((id: string) => setUnlocked((s) => (s.has(id) ? s : new Set([...s, id]))), []);
  const reviewRight = useSyncExternalStore(
    subscribeReviewRight,
    () => (reportTo ? reviewRightOf(galleryId) : null),
    () => null,
  );
  // A guest without review rights when the link was opened: a right the studio granted since shows
  // the panel from the next film opened (one question per film, only from a guest's browser).
  const filmId = video?._id;
  useEffect(() => {
    if (!reportTo || !galleryId || !filmId || reviewRight || !isPlainGuest(galleryId)) return;
    void refreshReviewRight(galleryId, `${publicPath(PUBLIC_APPROVAL_PATH, { videoId: filmId })}?g=${encodeURIComponent(reportTo)}`);
  }, [reportTo, galleryId, filmId, reviewRight]);

  // What is played is reported every ~10 s, at a pause or the end, on another film, and when the
  // page is hidden or left (the tracker sends by beacon).
  useEffect(() => {
    if (!reportTo) return;
    const t = new WatchTracker((videoId, ranges) => reportEngagement(reportTo, videoId, { ranges }));
    tracker.current = t;
    const tick = window.setInterval(() => t.report(), REPORT_EVERY_MS);
    const hidden = () => document.visibilityState === "hidden" && t.report();
    const leave = () => t.report();
    document.addEventListener("visibilitychange", hidden);
    window.addEventListener("pagehide", leave);
    return () => {
      window.clearInterval(tick);
      document.removeEventListener("visibilitychange", hidden);
      window.removeEventListener("pagehide", leave);
      t.report();
      tracker.current = null;
    };
  }, [reportTo]);
  // The version the guest's review panel chose for this film (null: back to the current one), played from where the film was.
  const [switched, setSwitched] = useState<{ videoId: string; at: number; version: ViewerVersionDto | null } | null>(null);
  const mine = switched?.videoId === video._id ? switched : null;
  const shown = mine?.version?.playback ? { at: mine.at, version: mine.version } : null;
  const playVersion = useCallback((version: ViewerVersionDto | null) => setSwitched({ videoId: video._id, at: Math.floor(player.current?.currentTime ?? 0), version }), [video._id]);
  const played = useRef(new Set<string>());
  const [notice, setNotice] = useState<string | null>(null);
  const hasNext = index < videos.length - 1;
  const aspect = shown ? filmAspect(shown.version.width, shown.version.height) : filmAspect(video.width, video.height);

  function seek(seconds: number) {
    const p = player.current;
    if (!p) return;
    p.currentTime = seconds;
    void p.play().catch(() => {});
    window.history.replaceState(null, "", videoHash(video._id, seconds));
  }

  async function connectTv() {
    setNotice(null);
    const p = player.current;
    try {
      if (p?.state.canAirPlay) await p.requestAirPlay();
      else if (p?.state.canGoogleCast) await p.requestGoogleCast();
      else {
        const element = document.querySelector<RemoteVideo>("[data-testid=theater] video");
        if (!element?.remote) throw new Error("no remote playback");
        await element.remote.prompt();
      }
      if (reportTo) reportEngagement(reportTo, video._id, { event: "cast" });
    } catch {
      setNotice(t.tvUnavailable);
    }
  }

  const go = (i: number) => {
    setNotice(null);
    onIndex(i);
  };

  return (
    <DialogShell
      onOpenChange={(open) => !open && onClose()}
      // Focus goes to the player, not to Close: Space plays and pauses, Escape closes.
      onOpenAutoFocus={(event) => {
        event.preventDefault();
        const content = event.target as HTMLElement | null;
        // A frame later: the player has set itself up by then (its keyboard listens for focus coming in).
        requestAnimationFrame(() => (player.current?.el ?? content)?.focus());
      }}
      overlayClassName="fixed inset-0 z-50 bg-black/95"
      className="fixed inset-0 z-50 flex flex-col overflow-y-auto bg-zinc-950 text-zinc-100 focus:outline-none"
      testId="theater"
    >
      <header className="flex items-center gap-3 px-4 py-3 sm:px-6">
        <div className="min-w-0 flex-1">
          <RadixDialog.Title className="truncate text-base font-semibold sm:text-lg" data-testid="theater-title">
            {video.title}
          </RadixDialog.Title>
          {videos.length > 1 && (
            <p className="text-xs text-zinc-400" data-testid="theater-position">
              {playAll ? `${t.theater.playingAll} · ` : ""}
              {fill(t.theater.position, { n: number(index + 1), total: number(videos.length) })}
            </p>
          )}
        </div>
        <RadixDialog.Close aria-label={t.theater.close} className="rounded-full p-2 text-zinc-300 hover:bg-white/10 hover:text-white">
          <X className="h-6 w-6" aria-hidden="true" />
        </RadixDialog.Close>
      </header>

      <div className="mx-auto flex w-full max-w-6xl flex-1 flex-col gap-5 px-0 pb-8 sm:px-6 lg:flex-row">
        <div className="min-w-0 lg:flex-1">
          {/* The film at its own shape, as large as the screen allows below the header (on a wider
              screen, with the buttons under it in view too), centred: a 9:16 reel fills a phone's
              height and stands upright on a laptop, never shrunk into a 16:9 box. */}
          <div className="mx-auto [--vf-chrome:4.5rem] sm:[--vf-chrome:10rem]" style={{ width: `min(100%, calc((100dvh - var(--vf-chrome)) * ${aspect}))` }} data-testid="theater-frame">
            {video.playback ? (
              <VideoPlayer
                key={shown ? `${video._id}/v${shown.version.version}` : mine ? `${video._id}/current` : video._id}
                ref={setPlayer}
                words={words}
                title={video.title}
                playback={shown?.version.playback ?? video.playback}
                poster={video.thumbnail}
                chapters={video.chapters}
                chaptersSrc={video.chaptersSrc}
                captions={captions}
                choices={choices}
                onChoose={choose}
                // Space plays and pauses from the moment the theater opens (focus is on the player).
                keyTarget="document"
                durationSec={shown ? shown.version.durationSec : video.durationSec}
                aspect={aspect}
                // Opening a film is the click that starts it (a deep link may be refused: the overlay then asks).
                autoPlay
                startAt={mine ? mine.at : startAt}
                className="sm:rounded-xl"
                onTimeUpdate={(seconds) => tracker.current?.time(video._id, seconds, player.current ? !player.current.state.paused : false)}
                onPause={() => tracker.current?.pause()}
                onPlay={() => {
                  if (played.current.has(video._id)) return;
                  played.current.add(video._id);
                  if (reportTo) void recordView(reportTo, video._id);
                }}
                onEnded={() => {
                  tracker.current?.pause();
                  if (!playAll) return;
                  if (hasNext) go(index + 1);
                  else setNotice(t.playAllDone);
                }}
              />
            ) : (
              <div className="grid place-items-center bg-zinc-900 text-sm text-zinc-400" style={{ aspectRatio: aspect }}>
                {t.notPlayableYet}
              </div>
            )}
          </div>

          <div className="mt-4 flex flex-wrap items-center gap-2 px-4 sm:px-0">
            {videos.length > 1 && (
              <>
                <button type="button" className={pill} onClick={() => go(index - 1)} disabled={index === 0}>
                  <ChevronLeft className="h-4 w-4" aria-hidden="true" />
                  {t.theater.previous}
                </button>
                <button type="button" className={pill} onClick={() => go(index + 1)} disabled={!hasNext}>
                  {t.theater.next}
                  <ChevronRight className="h-4 w-4" aria-hidden="true" />
                </button>
              </>
            )}
            {downloadHref && (!video.review?.closed || unlocked.has(video._id)) && (
              <a href={downloadHref(video._id)} className={pill} download onClick={onDownload} data-testid="theater-download">
                <Download className="h-4 w-4" aria-hidden="true" />
                {t.theater.download}
              </a>
            )}
            <button type="button" className={tv ? pillStrong : pill} onClick={() => void connectTv()}>
              <Tv className="h-4 w-4" aria-hidden="true" />
              {t.theater.connectTv}
            </button>
          </div>
          {notice && (
            <p role="status" className="mt-3 px-4 text-sm text-zinc-300 sm:px-0">
              {notice}
            </p>
          )}
          {video.captions.length > 0 && <Transcript key={video._id} player={playerInstance} onSeek={seek} />}
          {reviewRight && reportTo && galleryId && (
            <Suspense fallback={null}>
              <GuestReview
                key={video._id}
                gallery={reportTo}
                galleryId={galleryId}
                videoId={video._id}
                right={reviewRight}
                player={playerInstance}
                onSeek={seek}
                onUnlocked={unlock}
                duration={video.durationSec}
                title={video.title}
                playing={shown?.version.version ?? null}
                onPlayVersion={playVersion}
              />
            </Suspense>
          )}
        </div>

        {video.chapters.length > 0 && (
          <nav aria-label={t.theater.chapters} className="shrink-0 px-4 sm:px-0 lg:w-72">
            <h2 className="mb-2 text-xs font-semibold tracking-widest text-zinc-400 uppercase">{t.theater.chapters}</h2>
            <ol className="divide-y divide-white/10 overflow-hidden rounded-xl bg-white/5" data-testid="theater-chapters">
              {video.chapters.map((c) => (
                <li key={`${c.seconds}-${c.title}`}>
                  <a
                    href={videoHash(video._id, c.seconds)}
                    onClick={(e) => {
                      e.preventDefault();
                      seek(c.seconds);
                    }}
                    className="flex items-baseline gap-3 px-4 py-3 text-sm hover:bg-white/10 focus-visible:bg-white/10 focus-visible:outline-none"
                  >
                    <span className="font-mono text-xs text-zinc-400">{formatCuePoint(c.seconds)}</span>
                    <span className="min-w-0 flex-1 break-words">{c.title}</span>
                  </a>
                </li>
              ))}
            </ol>
          </nav>
        )}
      </div>
    </DialogShell>
  );
}

const pill =
  "inline-flex items-center gap-1.5 rounded-full border border-white/20 bg-white/5 px-4 py-2 text-sm font-medium text-white hover:bg-white/15 disabled:opacity-40 focus-visible:outline-2 focus-visible:outline-white";
const pillStrong = `${pill} !bg-white !text-zinc-950`;
