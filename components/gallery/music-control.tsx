"use client";
import { useEffect, useRef, useState } from "react";
import { MusicIcon, PauseIcon } from "@/components/gallery/icons";
import { useViewer } from "@/components/gallery/viewer-locale";

/**
 * The gallery's ambient music: never starts by itself (browsers forbid sound without a click, and
 * viewers deserve the choice); an obvious button plays and pauses it; a film starting pauses it.
 */
export function MusicControl({ url, name, silenced }: { url: string; name: string | null; silenced: boolean }) {
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
    <div className="fixed right-4 bottom-4 z-30">
      <audio ref={audio} src={url} loop preload="none" onPlay={() => setPlaying(true)} onPause={() => setPlaying(false)} data-testid="gallery-music" />
      <button
        type="button"
        onClick={toggle}
        aria-pressed={playing}
        aria-label={playing ? t.gallery.pauseMusic : t.gallery.playMusic}
        className="flex max-w-[16rem] items-center gap-2 rounded-full bg-white/90 py-2 pr-4 pl-2 text-sm font-medium text-zinc-950 shadow-xl backdrop-blur hover:bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
      >
        <span className={`grid h-8 w-8 shrink-0 place-items-center rounded-full ${playing ? "bg-zinc-950 text-white" : "bg-zinc-200"}`}>
          {playing ? <PauseIcon className="h-4 w-4" /> : <MusicIcon className="h-4 w-4" />}
        </span>
        <span className="truncate">{name ?? t.gallery.music}</span>
      </button>
    </div>
  );
}
