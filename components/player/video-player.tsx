"use client";
// The one video player (Vidstack): HLS through hls.js bundled with the app (never fetched from a CDN),
// the MP4 otherwise, the fallback media host when the primary fails (spec §7), chapters as a WebVTT
// track (timeline markers and a menu), keyboard control, AirPlay and Cast from the default layout.
import "@vidstack/react/player/styles/default/theme.css";
import "@vidstack/react/player/styles/default/layouts/video.css";
import { forwardRef, useEffect, useMemo, useRef, useState } from "react";
import { Play } from "lucide-react";
import { isHLSProvider, MediaPlayer, MediaProvider, Track, type MediaPlayerInstance, type MediaProviderAdapter } from "@vidstack/react";
import { DefaultVideoLayout, defaultLayoutIcons } from "@vidstack/react/player/layouts/default";
import { chaptersVtt } from "@/lib/chapters-vtt";
import type { Playback } from "@/lib/gallery-types";

export type PlayerChapter = { title: string; seconds: number };

type Props = {
  title: string;
  playback: Playback;
  poster: string | null;
  chapters?: PlayerChapter[];
  durationSec?: number | null;
  /** Starts playing as soon as it can (after a user's click elsewhere, e.g. Play All). */
  autoPlay?: boolean;
  /** Start position in seconds (a chapter's deep link). */
  startAt?: number;
  onTimeUpdate?: (seconds: number) => void;
  onPlay?: () => void;
  onEnded?: () => void;
  className?: string;
};

function loadHls(provider: MediaProviderAdapter | null) {
  if (isHLSProvider(provider)) provider.library = () => import("hls.js");
}

/**
 * Until play is pressed an overlay shows the poster with a centred play button (spec §2); after
 * that, the player's own controls.
 */
export const VideoPlayer = forwardRef<MediaPlayerInstance, Props>(function VideoPlayer(
  { title, playback, poster, chapters = [], durationSec = null, autoPlay = false, startAt, onTimeUpdate, onPlay, onEnded, className = "" },
  ref,
) {
  const [useFallback, setUseFallback] = useState(false);
  const [started, setStarted] = useState(autoPlay);
  const src = useFallback ? playback.fallback : playback.sources;
  const vtt = useMemo(() => (chapters.length ? chaptersVtt(chapters, durationSec) : null), [chapters, durationSec]);
  const [player, setPlayer] = useState<MediaPlayerInstance | null>(null);
  const startedAt = useRef(false);
  // A press of play before the media can play is kept and carried out once it can.
  const playWanted = useRef(false);

  function requestPlay() {
    if (!player) return;
    playWanted.current = true;
    player.play().then(
      () => (playWanted.current = false),
      () => {
        // Not playable yet: onCanPlay plays it. Already playable and still refused: ask again.
        if (player.state.canPlay) {
          playWanted.current = false;
          setStarted(false);
        }
      },
    );
  }

  useEffect(() => setUseFallback(false), [playback]);

  function setRef(instance: MediaPlayerInstance | null) {
    setPlayer(instance);
    if (typeof ref === "function") ref(instance);
    else if (ref) ref.current = instance;
  }

  return (
    <MediaPlayer
      ref={setRef}
      title={title}
      src={src}
      crossOrigin
      playsInline
      autoPlay={autoPlay}
      keyTarget="player"
      className={`relative aspect-video w-full overflow-hidden bg-black ${className}`}
      onProviderChange={loadHls}
      onError={() => {
        if (!useFallback && playback.fallback.length) setUseFallback(true);
      }}
      onHlsError={(detail) => {
        if (detail.fatal && !useFallback && playback.fallback.length) setUseFallback(true);
      }}
      onCanPlay={() => {
        // A deep link's start position, once.
        if (startAt && player && !startedAt.current) {
          startedAt.current = true;
          player.currentTime = startAt;
        }
        if (playWanted.current && player) {
          playWanted.current = false;
          player.play().catch(() => setStarted(false));
        }
      }}
      // The browser refused to start with sound (no user gesture yet): the overlay asks for a click.
      onAutoPlayFail={() => setStarted(false)}
      onPlay={() => {
        setStarted(true);
        onPlay?.();
      }}
      onTimeUpdate={(detail) => onTimeUpdate?.(detail.currentTime)}
      onEnded={onEnded}
      data-testid="video-player"
    >
      <MediaProvider>{vtt && <Track key={vtt} kind="chapters" content={vtt} type="vtt" label="Chapters" language="en" default />}</MediaProvider>
      <DefaultVideoLayout icons={defaultLayoutIcons} />
      {!started && (
        <button
          type="button"
          onClick={() => {
            setStarted(true);
            requestPlay();
          }}
          className="group absolute inset-0 z-10 grid place-items-center bg-black focus-visible:outline-none"
          aria-label={`Play ${title}`}
          data-testid="play-overlay"
        >
          {poster && <img src={poster} alt="" className="absolute inset-0 h-full w-full object-cover" />}
          <span className="relative grid h-16 w-16 place-items-center rounded-full bg-white/90 text-zinc-950 shadow-xl transition group-hover:scale-105 group-focus-visible:ring-4 group-focus-visible:ring-white/60">
            <Play className="h-7 w-7 translate-x-0.5" aria-hidden="true" />
          </span>
        </button>
      )}
    </MediaPlayer>
  );
});
