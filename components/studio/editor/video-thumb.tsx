import { Film } from "lucide-react";
import type { VideoDto } from "@/lib/contract/films";

/** A video's thumbnail, or a placeholder while it has none. */
export function VideoThumb({ video, className = "" }: { video: Pick<VideoDto, "thumbnail">; className?: string }) {
  return video.thumbnail ? (
    <img src={video.thumbnail} alt="" loading="lazy" decoding="async" className={`aspect-video object-cover ${className}`} />
  ) : (
    <div className={`grid aspect-video place-items-center bg-gradient-to-br from-zinc-100 to-zinc-200 text-zinc-400 ${className}`}>
      <Film className="h-6 w-6" aria-hidden="true" />
    </div>
  );
}
