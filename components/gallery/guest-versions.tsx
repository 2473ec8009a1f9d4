"use client";
// A film's versions in a guest's review panel: when the studio kept earlier cuts, the guest plays
// one in the theater's player (and back to the current one), or compares two on one clock (the
// studio's compare, components/review/compare-versions.tsx, in the guest's language and in its own
// chunk, loaded when opened). The public versions door decides what may play (the gallery's gate;
// an unpaid gallery lists the current version only, so nothing is offered).
import { lazy, Suspense, useEffect, useState } from "react";
import { Columns2 } from "lucide-react";
import { useViewer } from "@/components/gallery/viewer-locale";
import { fill } from "@/lib/viewer-i18n/format";
import { PUBLIC_VERSIONS_PATH } from "@/lib/contract/paths";
import type { publicGallery } from "@/lib/contract/public";
import type { ViewerVersionDto } from "@/lib/contract/films";
import { publicCall, publicDoor } from "@/lib/browser/public-call";
import type { CompareWords } from "@/components/review/compare-versions";

const CompareVersions = lazy(() => import("@/components/review/compare-versions").then((m) => ({ default: m.CompareVersions })));
// The versions door (lib/contract/public.ts), by its type only: the viewer loads no contract.
const VERSIONS = publicDoor<typeof publicGallery.versions>("GET", PUBLIC_VERSIONS_PATH);

type Props = {
  gallery: string;
  videoId: string;
  title: string;
  /** The earlier version playing in the theater (null: the current one). */
  playing: number | null;
  /** Plays a version in the theater's player (null: back to the current one). */
  onPlay: (version: ViewerVersionDto | null) => void;
};

const pill = (on: boolean) =>
  `inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-xs font-semibold focus-visible:outline-2 focus-visible:outline-white disabled:opacity-40 ${on ? "border-white bg-white text-zinc-950" : "border-white/20 text-zinc-200 hover:bg-white/10 hover:text-white"}`;

export default function GuestVersions({ gallery, videoId, title, playing, onPlay }: Props) {
  const { t } = useViewer();
  const r = t.review;
  const [versions, setVersions] = useState<ViewerVersionDto[]>([]);
  const [comparing, setComparing] = useState(false);

  useEffect(() => {
    let live = true;
    void publicCall(VERSIONS, { params: { videoId }, query: { g: gallery } }).then((res) => live && res.ok && setVersions(res.data.versions));
    return () => {
      live = false;
    };
  }, [gallery, videoId]);

  const playable = versions.filter((v) => v.playback);
  if (playable.length < 2) return null;
  const current = versions.find((v) => v.current);
  const tag = (v: number) => fill(r.version, { version: String(v) });
  const words: CompareWords = {
    label: tag,
    current: r.current,
    compareTitle: (name) => fill(r.compareTitle, { title: name }),
    left: r.left,
    right: r.right,
    compare: r.compare,
    sideBySide: r.sideBySide,
    wipe: r.wipe,
    wipePosition: r.wipePosition,
    play: r.playBoth,
    pause: r.pauseBoth,
    position: r.position,
    soundFrom: r.soundFrom,
  };
  const earlier = playable.find((v) => !v.current);

  return (
    <div className="mb-4" data-testid="guest-versions">
      <div role="group" aria-label={r.versions} className="flex flex-wrap items-center gap-2">
        <span className="text-xs font-semibold tracking-widest text-zinc-400 uppercase">{r.versions}</span>
        {playable.map((v) => {
          const on = v.current ? playing === null : playing === v.version;
          return (
            <button
              key={v.version}
              type="button"
              aria-pressed={on}
              aria-label={fill(r.playVersion, { version: String(v.version) })}
              className={pill(on)}
              onClick={() => onPlay(v.current ? null : v)}
              data-testid={`guest-version-${v.version}`}
            >
              {tag(v.version)}
              {v.current ? ` · ${r.current}` : ""}
            </button>
          );
        })}
        <button type="button" className={pill(false)} onClick={() => setComparing(true)} data-testid="guest-compare">
          <Columns2 className="h-3.5 w-3.5" aria-hidden="true" />
          {r.compare}
        </button>
      </div>
      {playing !== null && current && (
        <p role="status" className="mt-2 text-sm text-zinc-300">
          {fill(r.watching, { version: String(playing) })}{" "}
          <button type="button" className="underline hover:text-white focus-visible:outline-2 focus-visible:outline-white" onClick={() => onPlay(null)}>
            {fill(r.backToCurrent, { version: String(current.version) })}
          </button>
        </p>
      )}
      {comparing && current && earlier && (
        <Suspense fallback={null}>
          <CompareVersions title={title} versions={playable} left={earlier.version} right={current.version} onClose={() => setComparing(false)} words={words} />
        </Suspense>
      )}
    </div>
  );
}
