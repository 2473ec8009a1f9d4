"use client";
// Compare: two versions of a film on one clock, side by side, or on a desktop as a
// wipe (the right version over the left, split where the viewer drags or keys it). The left
// player leads (lib/browser/compare-clock.ts); one play button, one position, sound from either.
// The studio's (its versions panel) and a guest's (components/gallery/guest-versions.tsx), each
// loaded in its own chunk when a comparison opens; every word is the caller's.
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { Pause, Play } from "lucide-react";
import { DialogShell, DialogTitleBar } from "@/components/ui/dialog";
import { attachPlayback, linkClocks, meansToPlay, seekTo, togglePlayback } from "@/lib/browser/compare-clock";
import { wipeClip, wipeSplit } from "@/lib/services/review/rules/compare-clock";
import { clock } from "@/lib/services/guests/rules/insights";
import { filmAspect } from "@/lib/services/films/rules/film-aspect";
import type { Playback } from "@/lib/contract/films";

/** The compare's words (the studio's TEXTS.versions, or a guest's catalogue). */
export type CompareWords = {
  label: (version: number) => string;
  current: string;
  compareTitle: (title: string) => string;
  left: string;
  right: string;
  compare: string;
  sideBySide: string;
  wipe: string;
  wipePosition: string;
  play: string;
  pause: string;
  position: string;
  soundFrom: string;
};
/** A version as the compare plays it: the studio's and a viewer's version answers alike. */
export type CompareVersion = { version: number; current: boolean; playback: Playback | null; thumbnail?: string | null; width?: number | null; height?: number | null };
type Mode = "side" | "wipe";
type Props = { title: string; versions: CompareVersion[]; left: number; right: number; onClose: () => void; words: CompareWords };

const DESKTOP = "(min-width: 1024px)";
const subscribeDesktop = (change: () => void) => {
  const m = window.matchMedia(DESKTOP);
  m.addEventListener("change", change);
  return () => m.removeEventListener("change", change);
};
/** The wipe is a desktop view (a pointer and room to drag); a phone or tablet compares side by side. */
const useDesktop = () =>
  useSyncExternalStore(
    subscribeDesktop,
    () => window.matchMedia(DESKTOP).matches,
    () => false,
  );

/** A version's playback on its <video> for as long as it is shown (the element: the dialog's portal mounts it after the first render). */
function usePlayback(video: HTMLVideoElement | null, version: CompareVersion | undefined) {
  const sources = version?.playback?.sources;
  useEffect(() => {
    if (!video || !sources) return;
    return attachPlayback(video, sources);
  }, [video, sources]);
}

const segment = (on: boolean) =>
  `rounded-md px-2.5 py-1 text-xs font-semibold focus-visible:outline-2 focus-visible:outline-brand-500 ${on ? "bg-white text-zinc-900 shadow-sm" : "text-zinc-600 hover:text-zinc-900"}`;

type PaneProps = {
  side: "left" | "right";
  version: CompareVersion | undefined;
  number: number;
  words: CompareWords;
  wipe: boolean;
  /** The wipe's clip of the right picture. */
  clip?: string;
  muted: boolean;
  videoRef: (video: HTMLVideoElement | null) => void;
  /** The leader's state, reported (the left pane). */
  onPlaying?: (playing: boolean) => void;
  onTime?: (seconds: number) => void;
  onDuration?: (seconds: number) => void;
};

/** A version's shape (lib/services/films/rules/film-aspect.ts: a recut may change it; unknown is 16:9). */
const shapeOf = (version: CompareVersion | undefined) => filmAspect(version?.width, version?.height);

/**
 * A box of the film's shape that fits the window's height with the controls in view (at most 62 % of
 * it tall): a 16:9 cut as before, a 9:16 reel upright and whole, centred in its place.
 */
const framed = (aspect: number) => ({ aspectRatio: aspect, maxWidth: `calc(62vh * ${aspect})` });

/** One version's picture, labelled with its number (in the wipe, the right one's label sits right); side by side, at its own shape. */
function Pane({ side, version, number, words: T, wipe, clip, muted, videoRef, onPlaying, onTime, onDuration }: PaneProps) {
  return (
    <figure
      // Side by side, a narrow film's two panes meet in the middle (on a phone, one above the other, centred).
      className={wipe ? "absolute inset-0" : `relative mx-auto w-full overflow-hidden rounded-xl bg-black ${side === "left" ? "sm:mr-0" : "sm:ml-0"}`}
      style={clip ? { clipPath: clip } : wipe ? undefined : framed(shapeOf(version))}
      data-testid={`compare-pane-${side}`}
    >
      <video
        ref={videoRef}
        className="h-full w-full object-contain"
        playsInline
        preload="auto"
        muted={muted}
        poster={version?.thumbnail ?? undefined}
        onPlay={onPlaying && (() => onPlaying(true))}
        // A hold for the follower is no pause to the person watching.
        onPause={onPlaying && ((e) => onPlaying(meansToPlay(e.currentTarget)))}
        onTimeUpdate={onTime && ((e) => onTime(e.currentTarget.currentTime))}
        onDurationChange={onDuration && ((e) => onDuration(e.currentTarget.duration))}
        aria-label={T.label(number)}
        data-testid={`compare-video-${side}`}
      />
      <span className={`pointer-events-none absolute top-2 rounded bg-zinc-950/70 px-1.5 py-0.5 text-xs font-semibold text-white ${wipe && side === "right" ? "right-2" : "left-2"}`}>
        {T.label(number)}
      </span>
    </figure>
  );
}

export function CompareVersions({ title, versions, left: firstLeft, right: firstRight, onClose, words: T }: Props) {
  // Taken once: a list read again (new signed addresses) must not reload the players mid-compare.
  const [playable] = useState(() => versions.filter((v) => v.playback));
  const [left, setLeft] = useState(firstLeft);
  const [right, setRight] = useState(firstRight);
  const [chosenMode, setMode] = useState<Mode>("side");
  const [split, setSplit] = useState(50);
  const [sound, setSound] = useState<"left" | "right">("right");
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const desktop = useDesktop();
  const mode: Mode = desktop ? chosenMode : "side";
  const [leftEl, leftRef] = useState<HTMLVideoElement | null>(null);
  const [rightEl, rightRef] = useState<HTMLVideoElement | null>(null);
  const stage = useRef<HTMLDivElement>(null);
  const leftVersion = playable.find((v) => v.version === left);
  const rightVersion = playable.find((v) => v.version === right);
  usePlayback(leftEl, leftVersion);
  usePlayback(rightEl, rightVersion);

  useEffect(() => {
    if (!leftEl || !rightEl) return;
    return linkClocks(leftEl, rightEl);
  }, [leftEl, rightEl]);

  function seek(seconds: number) {
    seekTo(leftEl, seconds);
    setTime(seconds);
  }

  /** Dragging on the wipe moves the split under the pointer. */
  function dragSplit(e: React.PointerEvent<HTMLDivElement>) {
    if (mode !== "wipe" || (e.type === "pointermove" && e.buttons !== 1)) return;
    const box = stage.current?.getBoundingClientRect();
    if (box && box.width > 0) setSplit(wipeSplit(((e.clientX - box.left) / box.width) * 100));
  }

  const picker = (label: string, value: number, set: (v: number) => void, testId: string) => (
    <label className="flex items-center gap-2 text-xs font-medium text-zinc-600">
      {label}
      <select value={value} onChange={(e) => set(Number(e.target.value))} className="rounded-md border border-zinc-300 bg-white px-2 py-1 text-sm text-zinc-900" data-testid={testId}>
        {playable.map((v) => (
          <option key={v.version} value={v.version}>
            {T.label(v.version)}
            {v.current ? ` · ${T.current}` : ""}
          </option>
        ))}
      </select>
    </label>
  );

  const wipe = mode === "wipe";

  return (
    <DialogShell
      onOpenChange={(open) => !open && onClose()}
      overlayClassName="fixed inset-0 z-[60] bg-zinc-950/80"
      className="fixed top-1/2 left-1/2 z-[60] max-h-[95vh] w-[calc(100vw-1.5rem)] max-w-[1400px] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white shadow-2xl focus:outline-none"
      testId="compare-versions"
    >
      <DialogTitleBar title={T.compareTitle(title)} />
      <div className="flex flex-col gap-4 p-5">
        <div className="flex flex-wrap items-center gap-x-5 gap-y-2">
          {picker(T.left, left, setLeft, "compare-left")}
          {picker(T.right, right, setRight, "compare-right")}
          {desktop && (
            <div role="group" aria-label={T.compare} className="flex gap-1 rounded-lg bg-zinc-100 p-1">
              <button type="button" aria-pressed={!wipe} className={segment(!wipe)} onClick={() => setMode("side")}>
                {T.sideBySide}
              </button>
              <button type="button" aria-pressed={wipe} className={segment(wipe)} onClick={() => setMode("wipe")}>
                {T.wipe}
              </button>
            </div>
          )}
          <div role="group" aria-label={T.soundFrom} className="flex items-center gap-1 rounded-lg bg-zinc-100 p-1">
            <span className="px-1.5 text-xs font-medium text-zinc-600" aria-hidden="true">
              {T.soundFrom}
            </span>
            <button type="button" aria-pressed={sound === "left"} className={segment(sound === "left")} onClick={() => setSound("left")}>
              {T.label(left)}
            </button>
            <button type="button" aria-pressed={sound === "right"} className={segment(sound === "right")} onClick={() => setSound("right")}>
              {T.label(right)}
            </button>
          </div>
        </div>

        <div
          ref={stage}
          // The wipe: one frame of the left version's shape, fitting the window's height with the controls in view.
          className={wipe ? "relative mx-auto w-full touch-none overflow-hidden rounded-xl bg-black select-none" : "grid grid-cols-1 items-center gap-3 sm:grid-cols-2"}
          style={wipe ? framed(shapeOf(leftVersion)) : undefined}
          onPointerDown={dragSplit}
          onPointerMove={dragSplit}
          data-testid="compare-stage"
          data-mode={mode}
        >
          <Pane
            key={`l${left}`}
            side="left"
            version={leftVersion}
            number={left}
            words={T}
            wipe={wipe}
            muted={sound !== "left"}
            videoRef={leftRef}
            onPlaying={setPlaying}
            onTime={setTime}
            onDuration={setDuration}
          />
          <Pane key={`r${right}`} side="right" version={rightVersion} number={right} words={T} wipe={wipe} clip={wipe ? wipeClip(split) : undefined} muted={sound !== "right"} videoRef={rightRef} />
          {wipe && <div aria-hidden="true" className="pointer-events-none absolute inset-y-0 w-0.5 -translate-x-1/2 bg-white shadow-[0_0_0_1px_rgba(0,0,0,0.4)]" style={{ left: `${split}%` }} />}
        </div>
        {wipe && (
          <label className="mx-auto flex w-full items-center gap-3 text-xs font-medium text-zinc-600" style={{ maxWidth: `max(20rem, ${framed(shapeOf(leftVersion)).maxWidth})` }}>
            {T.wipePosition}
            <input type="range" min={0} max={100} step={1} value={split} onChange={(e) => setSplit(wipeSplit(Number(e.target.value)))} className="flex-1 accent-brand-600" data-testid="compare-wipe" />
          </label>
        )}

        <div className="flex items-center gap-3">
          <button
            type="button"
            onClick={() => togglePlayback(leftEl)}
            aria-label={playing ? T.pause : T.play}
            className="grid h-10 w-10 shrink-0 place-items-center rounded-full bg-zinc-900 text-white hover:bg-zinc-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
            data-testid="compare-play"
          >
            {playing ? <Pause className="h-5 w-5" aria-hidden="true" /> : <Play className="h-5 w-5" aria-hidden="true" />}
          </button>
          <input
            type="range"
            min={0}
            max={duration || 0}
            step={0.1}
            value={Math.min(time, duration || 0)}
            onChange={(e) => seek(Number(e.target.value))}
            aria-label={T.position}
            aria-valuetext={`${clock(time)} / ${clock(duration || 0)}`}
            className="flex-1 accent-brand-600"
            data-testid="compare-position"
          />
          <span className="w-24 shrink-0 text-right text-xs text-zinc-600 tabular-nums">
            {clock(time)} / {clock(duration || 0)}
          </span>
        </div>
      </div>
    </DialogShell>
  );
}
