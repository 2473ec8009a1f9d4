import { Film, Play } from "lucide-react";
import { fontFamily } from "@/lib/fonts";
import type { VideoCard } from "@/lib/gallery-preview";

type Props = { heading: string; videos: VideoCard[]; emptyNote?: string; headingFont: string };

/** A grid of film cards; with no films, three placeholders and a note. */
export function VideoGrid({ heading, videos, emptyNote, headingFont }: Props) {
  return (
    <section aria-label={heading}>
      <h2 className="text-xl font-semibold tracking-tight text-white sm:text-2xl" style={{ fontFamily: fontFamily(headingFont) }}>
        {heading}
      </h2>
      <ul className="mt-6 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="gallery-videos">
        {videos.length > 0
          ? videos.map((v) => (
              <li key={v._id}>
                <div className="group relative aspect-video overflow-hidden rounded-xl bg-zinc-800 ring-1 ring-white/10">
                  {v.thumbnail ? (
                    // eslint-disable-next-line @next/next/no-img-element -- media from the studio's storage host
                    <img src={v.thumbnail} alt="" className="h-full w-full object-cover transition duration-300 group-hover:scale-105" />
                  ) : (
                    <div className="grid h-full place-items-center bg-gradient-to-br from-zinc-800 to-zinc-900 text-zinc-600">
                      <Film className="h-10 w-10" aria-hidden="true" />
                    </div>
                  )}
                  <span className="absolute inset-0 grid place-items-center opacity-0 transition group-hover:opacity-100">
                    <span className="grid h-12 w-12 place-items-center rounded-full bg-white/90 text-zinc-950 shadow-lg">
                      <Play className="h-5 w-5 translate-x-0.5" aria-hidden="true" />
                    </span>
                  </span>
                </div>
                <p className="mt-3 truncate text-sm font-medium text-zinc-200">{v.title}</p>
              </li>
            ))
          : [0, 1, 2].map((i) => (
              <li key={i} aria-hidden="true" className="aspect-video rounded-xl border border-dashed border-white/10 bg-white/[0.03]" />
            ))}
      </ul>
      {videos.length === 0 && emptyNote && <p className="mt-4 text-sm text-zinc-500">{emptyNote}</p>}
    </section>
  );
}
