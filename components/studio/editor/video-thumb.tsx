import { Film } from "lucide-react";
import { FALLBACK_ASPECT, filmAspect } from "@/lib/services/films/rules/film-aspect";
import type { VideoDto } from "@/lib/contract/films";

/**
 * A video's thumbnail, or a placeholder while it has none. The picture keeps the film's shape
 * (lib/services/films/rules/film-aspect.ts: a 9:16 reel stands upright, uncropped) on a 16:9 stage, so
 * that a grid of films keeps its rows; the stage's size and the picture's are known from the first paint.
 */
export function VideoThumb({ video, className = "" }: { video: Pick<VideoDto, "thumbnail" | "width" | "height">; className?: string }) {
  const aspect = filmAspect(video.width, video.height);
  // Narrower than the stage: as high as the stage, centred; wider: as wide, centred.
  const narrower = aspect < FALLBACK_ASPECT;
  return video.thumbnail ? (
    <div className={`relative aspect-video overflow-hidden bg-zinc-900 ${className}`} data-testid="video-thumb">
      <img
        src={video.thumbnail}
        alt=""
        loading="lazy"
        decoding="async"
        className={`absolute object-cover ${narrower ? "inset-y-0 left-1/2 h-full -translate-x-1/2" : "inset-x-0 top-1/2 w-full -translate-y-1/2"}`}
        style={{ aspectRatio: aspect }}
      />
    </div>
  ) : (
    <div className={`grid aspect-video place-items-center bg-gradient-to-br from-zinc-100 to-zinc-200 text-zinc-400 ${className}`}>
      <Film className="h-6 w-6" aria-hidden="true" />
    </div>
  );
}
