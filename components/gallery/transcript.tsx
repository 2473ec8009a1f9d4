"use client";
// The transcript of the film: the cues of the caption track the viewer has chosen,
// as a list beside the player; the one being spoken is highlighted and kept in view, and each is a
// button that plays the film from there (keyboard: Tab to it, Enter). Follows the player's own
// choice: another language in its captions menu changes the transcript, captions off hides it.
import { useEffect, useRef, useState } from "react";
import type { MediaPlayerInstance } from "@vidstack/react";
import { formatCuePoint } from "@/lib/services/films/rules/cue";
import { cuePlainText } from "@/lib/services/films/rules/vtt";
import { useViewer } from "@/components/gallery/viewer-locale";

type Line = { start: number; end: number; text: string };
type Track = NonNullable<MediaPlayerInstance["state"]["textTrack"]>;

const linesOf = (track: Track): Line[] => track.cues.map((c) => ({ start: c.startTime, end: c.endTime, text: cuePlainText(c.text) })).filter((l) => l.text !== "");

/** The last line that has started by `time` and not ended (-1: none). */
function activeIndex(lines: Line[], time: number): number {
  for (let i = lines.length - 1; i >= 0; i--) if (lines[i].start <= time && time < lines[i].end) return i;
  return -1;
}

export function Transcript({ player, onSeek }: { player: MediaPlayerInstance | null; onSeek: (seconds: number) => void }) {
  const { t } = useViewer();
  const [track, setTrack] = useState<Track | null>(null);
  const [lines, setLines] = useState<Line[]>([]);
  const [active, setActive] = useState(-1);
  const list = useRef<HTMLOListElement>(null);
  const linesRef = useRef<Line[]>([]);

  // The chosen track and the play time, from the player's state.
  useEffect(() => {
    if (!player) return;
    return player.subscribe(({ textTrack, currentTime }) => {
      setTrack(textTrack && (textTrack.kind === "subtitles" || textTrack.kind === "captions") ? textTrack : null);
      setActive(activeIndex(linesRef.current, currentTime));
    });
  }, [player]);

  // Its cues, once loaded (and again if they change).
  useEffect(() => {
    const read = () => {
      linesRef.current = track ? linesOf(track) : [];
      setLines(linesRef.current);
    };
    // Read in a task, not during the effect (also when the track is already loaded).
    const now = window.setTimeout(read, 0);
    if (!track) return () => window.clearTimeout(now);
    track.addEventListener("load", read);
    track.addEventListener("add-cue", read);
    return () => {
      window.clearTimeout(now);
      track.removeEventListener("load", read);
      track.removeEventListener("add-cue", read);
    };
  }, [track]);

  // The current line stays in view inside the list (never scrolling the page itself).
  useEffect(() => {
    const box = list.current;
    const item = box?.children[active] as HTMLElement | undefined;
    if (!box || !item) return;
    if (item.offsetTop < box.scrollTop || item.offsetTop + item.offsetHeight > box.scrollTop + box.clientHeight) {
      box.scrollTo({ top: item.offsetTop - box.clientHeight / 3, behavior: "smooth" });
    }
  }, [active]);

  if (!track || lines.length === 0) return null;
  return (
    <section aria-labelledby="transcript-title" className="mt-5 px-4 sm:px-0 lg:mt-6" data-testid="transcript">
      <h2 id="transcript-title" className="mb-2 text-xs font-semibold tracking-widest text-zinc-400 uppercase">
        {t.viewer.transcript} · <span lang={track.language || undefined}>{track.label}</span>
      </h2>
      <ol ref={list} className="relative max-h-72 divide-y divide-white/10 overflow-y-auto rounded-xl bg-white/5" lang={track.language || undefined}>
        {lines.map((l, i) => (
          <li key={`${l.start}-${i}`}>
            <button
              type="button"
              onClick={() => onSeek(l.start)}
              aria-current={i === active ? "true" : undefined}
              className="flex w-full items-baseline gap-3 px-4 py-2.5 text-left text-sm text-zinc-200 hover:bg-white/10 focus-visible:bg-white/10 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-white aria-[current]:bg-white/15 aria-[current]:text-white"
            >
              <span className="font-mono text-xs text-zinc-300 tabular-nums">{formatCuePoint(Math.floor(l.start))}</span>
              <span className="min-w-0 flex-1 break-words whitespace-pre-line">{l.text}</span>
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}
