"use client";
import { useEffect, useRef } from "react";
import { GalleryActions, type GalleryActionHandlers } from "@/components/gallery/gallery-actions";
import { fontFamily } from "@/lib/services/galleries/rules/fonts";
import { objectPosition } from "@/lib/services/galleries/rules/gallery-look";
import type { GalleryViewState } from "@/lib/services/galleries/rules/gallery-preview";
import { useViewer } from "@/components/gallery/viewer-locale";
import { LARGEST_PICTURE_TIMING } from "@/lib/services/public/rules/gallery-boot-names";

/**
 * The muted background loop. It rests while a film plays (it once went on decoding
 * behind the theater) and goes on when the film is closed.
 */
function BackgroundVideo({ src, poster, paused }: { src: string; poster: string | null; paused: boolean }) {
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const el = video.current;
    if (!el) return;
    if (paused) el.pause();
    else void el.play().catch(() => {});
  }, [paused]);
  return (
    <video
      ref={video}
      className="absolute inset-0 -z-20 h-full w-full object-cover"
      src={src}
      poster={poster ?? undefined}
      autoPlay
      muted
      loop
      playsInline
      preload="metadata"
      aria-hidden="true"
      data-testid="gallery-background-video"
    />
  );
}

/**
 * The page's column (top bar, heading, films): the width of a wide screen up to 1536 px (at
 * 1152 px it left 40 % of a 1920 px screen empty): the featured films three a row, All
 * films four from 1280 px.
 */
export const GALLERY_WIDTH = "mx-auto w-full max-w-[96rem] px-5 sm:px-8";

/** The heading over the background video, the background image, or a soft gradient. `filmOpen`: a film is playing over the page. */
export function GalleryHero({ state, handlers, filmOpen = false }: { state: GalleryViewState; handlers: GalleryActionHandlers; filmOpen?: boolean }) {
  const { background } = state;
  const { t } = useViewer();
  return (
    <section className="relative isolate flex min-h-[68vh] items-end overflow-hidden sm:min-h-[78vh]" aria-label={t.gallery.heading}>
      {background.videoUrl ? (
        <BackgroundVideo src={background.videoUrl} poster={background.imgUrl} paused={filmOpen} />
      ) : background.imgUrl ? (
        // The page's largest paint: fetched first, and drawn in the frame it arrives for (no async decoding).
        <img
          className="absolute inset-0 -z-20 h-full w-full object-cover"
          style={{ objectPosition: objectPosition(state.look.focus) }}
          src={background.imgUrl}
          alt=""
          fetchPriority="high"
          {...LARGEST_PICTURE_TIMING}
          data-testid="gallery-background"
        />
      ) : (
        <div className="absolute inset-0 -z-20 bg-[radial-gradient(ellipse_at_top_left,#7c2d12_0%,#18181b_55%,#09090b_100%)]" aria-hidden="true" />
      )}
      <div className="absolute inset-0 -z-10 bg-gradient-to-t from-zinc-950 via-zinc-950/40 to-zinc-950/10" aria-hidden="true" />
      <div className={`pb-12 sm:pb-16 ${GALLERY_WIDTH}`}>
        <h1
          className="text-4xl leading-tight font-semibold tracking-tight break-words text-[color:var(--look-text,white)] sm:text-6xl"
          style={{ fontFamily: fontFamily(state.fheading) }}
          data-testid="gallery-title"
        >
          {state.title}
        </h1>
        {state.subtitle && (
          <p className="mt-3 max-w-2xl text-base text-[color:var(--look-text,white)] opacity-80 sm:text-lg" data-testid="gallery-subtitle">
            {state.subtitle}
          </p>
        )}
        <GalleryActions setting={state.setting} handlers={handlers} />
      </div>
    </section>
  );
}
