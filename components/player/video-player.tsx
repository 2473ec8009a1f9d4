"use client";
// The one video player (Vidstack): HLS through hls.js bundled with the app (never fetched from a CDN),
// the MP4 otherwise, the fallback media host when the primary fails (spec §7), chapters as a WebVTT
// track (timeline markers and a menu), captions as sidecar WebVTT tracks (the layout's captions
// menu; hls.js and native HLS alike), keyboard control, AirPlay and Cast from the default layout.
import "@vidstack/react/player/styles/default/theme.css";
import "@vidstack/react/player/styles/default/layouts/video.css";
import { forwardRef, useEffect, useMemo, useRef, useState } from "react";
import { useOnChange } from "@/components/ui/use-on-change";
import { Play } from "lucide-react";
import { isHLSProvider, MediaPlayer, MediaProvider, Track, type MediaPlayerInstance, type MediaProviderAdapter } from "@vidstack/react";
import { DefaultVideoLayout, defaultLayoutIcons, type DefaultLayoutTranslations } from "@vidstack/react/player/layouts/default";
import { fill } from "@/lib/viewer-i18n/format";
import { chaptersVtt } from "@/lib/services/films/rules/chapters-vtt";
import { cssString, qualityHint, rungOf } from "@/lib/services/films/rules/player-hints";
import type { Playback, PlayerCaption, PlaySource } from "@/lib/contract/films";
import { hlsStartConfig, rememberBandwidth, type PlayerChoices } from "@/lib/browser/player-choices";

type PlayerChapter = { title: string; seconds: number };

type Props = {
  title: string;
  playback: Playback;
  poster: string | null;
  chapters?: PlayerChapter[];
  /** The chapters track by address (a viewer's page): read by the player and by native players (Safari, AirPlay). */
  chaptersSrc?: string | null;
  /** Caption tracks (sidecar WebVTT from the app's doors); the one marked default is shown at the start. */
  captions?: PlayerCaption[];
  durationSec?: number | null;
  /** The film's shape, width ÷ height (lib/services/films/rules/film-aspect.ts): the player's box. 16:9 when not given. */
  aspect?: number;
  /** Starts playing as soon as it can (after a user's click elsewhere, e.g. Play All). */
  autoPlay?: boolean;
  /** Start position in seconds (a chapter's deep link). */
  startAt?: number;
  onTimeUpdate?: (seconds: number) => void;
  onPlay?: () => void;
  onPause?: () => void;
  onEnded?: () => void;
  className?: string;
  /**
   * The player's words in the viewer's language (the viewer catalogue's, lib/viewer-i18n): the
   * layout's controls, the chapters track's label, the start button's "Play {title}". English when not given.
   */
  words?: PlayerWords;
  /** The viewer's choices on earlier films (quality, volume; captions are chosen by `captions`' default): applied as the film loads. */
  choices?: PlayerChoices;
  /** A choice the viewer made here (a click or a key, never the player's own change), for the next film. */
  onChoose?: (change: PlayerChoices) => void;
  /**
   * Where its keyboard shortcuts (Space, k, arrows, f, m) listen: "player" (default), while focus is
   * inside it; "document", anywhere on the page but a field or a pressed button (the theater, a modal
   * of one player, where they must answer from the moment it opens).
   */
  keyTarget?: "player" | "document";
};

type PlayerWords = { layout: Partial<DefaultLayoutTranslations>; chapters: string; playFilm: string };

const ENGLISH: PlayerWords = { layout: {}, chapters: "Chapters", playFilm: "Play {title}" };

const NO_CAPTIONS: PlayerCaption[] = [];

type HlsConstructor = typeof import("hls.js").default;
let hlsLoading: Promise<HlsConstructor> | null = null;
/** hls.js from the app's own bundle, fetched once per page (the gallery page itself never loads it). */
const loadHlsLibrary = () => (hlsLoading ??= import("hls.js").then((m) => m.default));

/**
 * The sources a player may be given now. Why wait: a browser with its own HLS playback (Chromium
 * 141+, Safari) starts loading the playlist by itself as soon as Vidstack adds it to the <video>;
 * when hls.js arrives later it takes the element over (a new `src`) after Vidstack has already
 * seen "can play" and started playback, so the film sits on its first frame, paused, while the
 * player believes it plays: no controls, clicks do nothing. With hls.js in hand
 * before the player gets an HLS source, it attaches in the same turn, before any native loading
 * can get anywhere. (An MP4 is safe: Vidstack restarts its loading once its listeners are on.)
 */
function useReadySources(sources: PlaySource[]): { ready: PlaySource[]; hls: HlsConstructor | null } {
  const needsHls = sources.some((s) => s.type === "application/x-mpegurl");
  const [hls, setHls] = useState<HlsConstructor | null>(null);
  const [hlsFailed, setHlsFailed] = useState(false);
  useEffect(() => {
    if (!needsHls) return;
    let live = true;
    loadHlsLibrary().then(
      (ctor) => live && setHls(() => ctor),
      () => {
        hlsLoading = null;
        // Without hls.js: the MP4 sources only (a browser that plays HLS by itself gets those too).
        if (live) setHlsFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [needsHls]);
  if (!needsHls || hls) return { ready: sources, hls };
  return { ready: hlsFailed ? sources.filter((s) => s.type !== "application/x-mpegurl") : [], hls: null };
}

/**
 * Shows the default caption track when no caption track is shown. Vidstack does this itself for the
 * tracks a player starts with, but not reliably for tracks that change while it plays (the studio
 * editing captions beside its preview): its list keeps a removed default under another kind's name
 * and then ignores the next track's `default`. A viewer's own choice (a shown track, or Off after
 * one was shown) is left alone: this only acts when the set of tracks changes.
 */
function useDefaultCaptions(playerRef: React.RefObject<MediaPlayerInstance | null>, captions: PlayerCaption[]) {
  const signature = captions.map((c) => `${c.src}|${c.isDefault}`).join("\n");
  useEffect(() => {
    const wanted = captions.find((c) => c.isDefault)?.src;
    if (!wanted) return;
    // After Vidstack's own selection (debounced by 300 ms) has had its turn.
    const timer = window.setTimeout(() => {
      const list = playerRef.current?.textTracks;
      if (!list) return;
      const tracks = list.toArray().filter((t) => t.kind === "subtitles" || t.kind === "captions");
      if (tracks.some((t) => t.mode === "showing")) return;
      const track = tracks.find((t) => t.src === wanted);
      if (track) track.mode = "showing";
    }, 500);
    return () => window.clearTimeout(timer);
    // The signature stands for the captions (a new array each render).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signature, playerRef]);
}

/**
 * Until play is pressed an overlay shows the poster with a centred play button (spec §2); after
 * that, the player's own controls.
 */
export const VideoPlayer = forwardRef<MediaPlayerInstance, Props>(function VideoPlayer(
  {
    title,
    playback,
    poster,
    chapters = [],
    chaptersSrc = null,
    captions = NO_CAPTIONS,
    durationSec = null,
    aspect,
    autoPlay = false,
    startAt,
    onTimeUpdate,
    onPlay,
    onPause,
    onEnded,
    className = "",
    words = ENGLISH,
    choices,
    onChoose,
    keyTarget = "player",
  },
  ref,
) {
  const [useFallback, setUseFallback] = useState(false);
  const [started, setStarted] = useState(autoPlay);
  const { ready: src, hls } = useReadySources(useFallback ? playback.fallback : playback.sources);
  const vtt = useMemo(() => (chapters.length && !chaptersSrc ? chaptersVtt(chapters, durationSec) : null), [chapters, chaptersSrc, durationSec]);
  const playerRef = useRef<MediaPlayerInstance | null>(null);
  const startedAt = useRef(false);
  const applied = useRef({ quality: false });
  // Read once, as the film opens: the player's own changes are its state from then on.
  const [sound] = useState(() => ({ volume: choices?.volume ?? 1, muted: choices?.muted ?? false }));
  const hlsInstance = useRef<{ bandwidthEstimate: number } | null>(null);
  // The bandwidth measured on this film starts the next one.
  useEffect(
    () => () => {
      if (hlsInstance.current) rememberBandwidth(hlsInstance.current.bandwidthEstimate);
    },
    [],
  );
  // A press of play before the media can play is kept and carried out once it can.
  const playWanted = useRef(false);

  function requestPlay() {
    const player = playerRef.current;
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

  useOnChange(playback, () => setUseFallback(false));
  useDefaultCaptions(playerRef, captions);
  // The guest's sound, kept for the next film. Read from the player's state, not its events: Vidstack
  // forwards the volume keys to its slider as a synthetic event, so their change reads as the
  // player's own (never kept), and a mute by key was seen with no event at all. Before the film
  // starts, the state is the player's start-up and the carried sound being applied; from then on,
  // only the guest changes it.
  useEffect(() => {
    const player = playerRef.current;
    if (!player) return;
    let kept = { volume: sound.volume, muted: sound.muted };
    const keep = (started: boolean, volume: number, muted: boolean) => {
      if (!started || (volume === kept.volume && muted === kept.muted)) return;
      kept = { volume, muted };
      onChoose?.(kept);
    };
    const unsubscribe = player.subscribe(({ started, volume, muted }) => keep(started, volume, muted));
    return () => {
      unsubscribe();
      // Closed right after a change (m, then Escape): the element has it before the player's state
      // does (its volumechange event is still queued), so the element is read as the film closes.
      const media = player.el?.querySelector("video");
      if (media) keep(player.state.started, media.volume, media.muted);
    };
  }, [sound, onChoose]);
  // The Quality row's hint (Vidstack leaves it empty): what plays now, and who chose it.
  const [quality, setQuality] = useState({ autoQuality: true, height: null as number | null });
  useEffect(
    () =>
      playerRef.current?.subscribe(({ autoQuality, quality: q }) => {
        const height = q ? rungOf(q) : null;
        setQuality((was) => (was.autoQuality === autoQuality && was.height === height ? was : { autoQuality, height }));
      }),
    [],
  );
  // On the document, not the player: on a phone the settings menu is portalled out of the player.
  const hint = cssString(qualityHint(quality, words.layout.Auto ?? "Auto"));
  useEffect(() => {
    document.documentElement.style.setProperty("--vf-quality-hint", hint);
    return () => {
      document.documentElement.style.removeProperty("--vf-quality-hint");
    };
  }, [hint]);

  function setRef(instance: MediaPlayerInstance | null) {
    playerRef.current = instance;
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
      keyTarget={keyTarget}
      // The guest's volume on an earlier film, as the player starts (set later, at canplay, the
      // player's own start-up state put it back to full).
      volume={sound.volume}
      muted={sound.muted}
      // Focusable by script (the theater gives it focus as it opens) and by a click, not a Tab stop
      // of its own: its controls are.
      tabIndex={-1}
      className={`relative w-full overflow-hidden bg-black focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white ${aspect ? "" : "aspect-video"} ${className}`}
      style={aspect ? { aspectRatio: aspect } : undefined}
      onProviderChange={(provider: MediaProviderAdapter | null) => {
        if (isHLSProvider(provider) && hls) {
          provider.library = hls;
          provider.config = hlsStartConfig();
        }
      }}
      onHlsInstance={(instance) => {
        hlsInstance.current = instance;
      }}
      onQualitiesChange={(qualities) => {
        // The guest's quality on an earlier film: the same rung (short side), else the highest below it.
        const height = choices?.quality;
        if (applied.current.quality || typeof height !== "number" || qualities.length === 0) return;
        const pick = [...qualities].filter((q) => rungOf(q) <= height).sort((a, b) => rungOf(b) - rungOf(a))[0];
        if (!pick) return;
        applied.current.quality = true;
        pick.selected = true;
      }}
      onQualityChange={(quality, event) => {
        if (!event.isOriginTrusted) return;
        onChoose?.({ quality: playerRef.current?.qualities.auto || !quality ? null : rungOf(quality) });
      }}
      onTextTrackChange={(track, event) => {
        if (!event.isOriginTrusted) return;
        onChoose?.({ captions: track && (track.kind === "subtitles" || track.kind === "captions") ? track.language || null : null });
      }}
      onError={() => {
        if (!useFallback && playback.fallback.length) setUseFallback(true);
      }}
      onHlsError={(detail) => {
        if (detail.fatal && !useFallback && playback.fallback.length) setUseFallback(true);
      }}
      onCanPlay={() => {
        // A deep link's start position, once.
        const player = playerRef.current;
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
      onPause={onPause}
      onEnded={onEnded}
      data-testid="video-player"
    >
      <MediaProvider>
        {chaptersSrc ? (
          <Track key={chaptersSrc} kind="chapters" src={chaptersSrc} type="vtt" label={words.chapters} default />
        ) : (
          vtt && <Track key={vtt} kind="chapters" content={vtt} type="vtt" label={words.chapters} default />
        )}
        {captions.map((c) => (
          <Track key={c.src} kind="subtitles" src={c.src} type="vtt" label={c.label} language={c.language} default={c.isDefault} />
        ))}
      </MediaProvider>
      <DefaultVideoLayout icons={defaultLayoutIcons} translations={words.layout} />
      {!started && (
        <button
          type="button"
          onClick={() => {
            setStarted(true);
            requestPlay();
          }}
          className="group absolute inset-0 z-10 grid place-items-center bg-black focus-visible:outline-none"
          aria-label={fill(words.playFilm, { title })}
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
