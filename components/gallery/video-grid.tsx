import type { CSSProperties } from "react";
import { FilmIcon, PlayIcon } from "@/components/gallery/icons";
import { fontFamily } from "@/lib/services/galleries/rules/fonts";
import { formatCuePoint } from "@/lib/services/films/rules/cue";
import type { VideoCard } from "@/lib/services/galleries/rules/gallery-preview";
import { around } from "@/lib/viewer-i18n/format";
import { useViewer } from "@/components/gallery/viewer-locale";
import { LARGEST_PICTURE_TIMING } from "@/lib/services/public/rules/gallery-boot-names";

type Props = {
  heading: string;
  videos: VideoCard[];
  emptyNote?: string;
  headingFont: string;
  onOpen?: (videoId: string) => void;
  /** The first cards, in view when the page opens (the widest grid's first row): their thumbnails load at once, not lazily. */
  eager?: number;
  /** The first thumbnail is the page's largest paint (no background image above it): fetched before anything else. */
  firstIsLargest?: boolean;
  /** Four films a row on a wide screen (All films), not three (the featured films, shown larger). */
  dense?: boolean;
};

/** A grid of film cards (each opens the player); with no films, three placeholders and a note. */
export function VideoGrid({ heading, videos, emptyNote, headingFont, onOpen, eager = 0, firstIsLargest = false, dense = false }: Props) {
  const { t, count } = useViewer();
  // The film's title is the card's visible text; the words around it are for screen readers.
  const [before, after] = around(t.gallery.playFilm, "title");
  return (
    <section aria-label={heading}>
      <h2 className="text-xl font-semibold tracking-tight text-white sm:text-2xl" style={{ fontFamily: fontFamily(headingFont) }}>
        {heading}
      </h2>
      {/* Justified rows of cards, each at its film's shape (its --w × --h): app/globals.css, "Film cards". */}
      <ul className={`film-cards mt-6 ${dense ? "dense" : ""}`} data-testid="gallery-videos">
        {videos.length > 0
          ? videos.map((v, i) => (
              <li key={v._id} className="film-card" style={{ "--w": v.width, "--h": v.height } as CSSProperties}>
                <button
                  type="button"
                  onClick={() => onOpen?.(v._id)}
                  disabled={!onOpen}
                  className="group block w-full rounded-xl text-left focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-white"
                  data-testid="gallery-video"
                >
                  <div className="film-frame relative overflow-hidden rounded-xl bg-zinc-800 ring-1 ring-white/10" data-testid="gallery-video-frame">
                    {v.thumbnail ? (
                      <img
                        src={v.thumbnail}
                        alt=""
                        loading={i < eager ? "eager" : "lazy"}
                        fetchPriority={i === 0 && firstIsLargest ? "high" : undefined}
                        {...(i === 0 && firstIsLargest ? LARGEST_PICTURE_TIMING : {})}
                        decoding="async"
                        className="h-full w-full object-cover transition duration-300 group-hover:scale-105"
                      />
                    ) : (
                      <div className="grid h-full place-items-center bg-gradient-to-br from-zinc-800 to-zinc-900 text-zinc-600">
                        <FilmIcon className="h-10 w-10" />
                      </div>
                    )}
                    <span className="absolute inset-0 grid place-items-center opacity-0 transition group-hover:opacity-100 group-focus-visible:opacity-100">
                      <span className="grid h-12 w-12 place-items-center rounded-full bg-white/90 text-zinc-950 shadow-lg">
                        <PlayIcon className="h-5 w-5 translate-x-0.5" />
                      </span>
                    </span>
                    {v.durationSec ? <span className="absolute right-2 bottom-2 rounded bg-black/70 px-1.5 py-0.5 font-mono text-[11px] text-white">{formatCuePoint(v.durationSec)}</span> : null}
                    {v.review ? <ReviewBadge review={v.review} /> : null}
                  </div>
                  <p className="mt-3 truncate text-sm font-medium text-zinc-200">
                    {before && <span className="sr-only">{before}</span>}
                    {v.title}
                    {after && <span className="sr-only">{after}</span>}
                  </p>
                  {v.chapters.length > 0 && <p className="text-xs text-zinc-400">{count(t.gallery.chapterCount, v.chapters.length)}</p>}
                </button>
              </li>
            ))
          : [0, 1, 2].map((i) => <li key={i} aria-hidden="true" className="film-card film-frame rounded-xl border border-dashed border-white/10 bg-white/[0.03]" />)}
      </ul>
      {videos.length === 0 && emptyNote && <p className="mt-4 text-sm text-zinc-400">{emptyNote}</p>}
    </section>
  );
}

/** A film's review state on its card: in review, approved (with its version), changes requested; in delivery, approved only. */
function ReviewBadge({ review }: { review: NonNullable<VideoCard["review"]> }) {
  const { t } = useViewer();
  const [label, tone] =
    review.state === "approved"
      ? [`${t.gallery.approved} · v${review.version}`, "bg-emerald-500/90 text-emerald-950"]
      : review.state === "changes_requested"
        ? [t.gallery.changesRequested, "bg-amber-400/90 text-amber-950"]
        : [t.gallery.inReview, "bg-black/70 text-white"];
  return (
    <span className={`absolute top-2 left-2 rounded-full px-2 py-0.5 text-[11px] font-semibold ${tone}`} data-testid="review-badge">
      {label}
    </span>
  );
}
