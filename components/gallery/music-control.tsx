"use client";
import { useEffect, useRef, useState } from "react";
import { MusicIcon, PauseIcon } from "@/components/gallery/icons";
import { useViewer } from "@/components/gallery/viewer-locale";

/**
 * The gallery's ambient music: never starts by itself (browsers forbid sound without a click, and
 * viewers deserve the choice); a button in the page's top bar plays and pauses it (it covers no film:
 * it once floated over the thumbnails on a phone with the track's file name); a film
 * starting pauses it. Its name says what a press does; on a phone the icon alone shows.
 */
export function MusicControl({ url, silenced }: { url: string; silenced: boolean }) {
  const { t } = useViewer();
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);

  useEffect(() => {
    if (silenced) audio.current?.pause();
  }, [silenced]);

  function toggle() {
    const a = audio.current;
    if (!a) return;
    if (a.paused) void a.play().catch(() => setPlaying(false));
    else a.pause();
  }

  return (
    <>
      <audio ref={audio} src={url} loop preload="none" onPlay={() => setPlaying(true)} onPause={() => setPlaying(false)} data-testid="gallery-music" />
      <button
        type="button"
        onClick={toggle}
        className="ml-auto flex shrink-0 items-center gap-2 rounded-full bg-white/90 p-1.5 text-sm font-medium text-zinc-950 shadow-lg backdrop-blur hover:bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white sm:pr-4"
        data-testid="music-button"
      >
        <span className={`grid h-8 w-8 shrink-0 place-items-center rounded-full ${playing ? "bg-zinc-950 text-white" : "bg-zinc-200"}`}>
          {playing ? <PauseIcon className="h-4 w-4" /> : <MusicIcon className="h-4 w-4" />}
        </span>
        <span className="sr-only sm:not-sr-only">{playing ? t.gallery.pauseMusic : t.gallery.playMusic}</span>
      </button>
    </>
  );
}
