// The public gallery's icons: Lucide's drawings (ISC licence, lucide-react 1.75), as plain SVG.
// The page's first-load JavaScript has a budget (≤ 120 KB gzipped, bench/viewer) and lucide-react's
// icon component (props, context, class merging) costs 1.6 KB of it for eight fixed icons. The
// studio's screens and the theater (loaded when a film opens) keep using lucide-react.
import type { ReactNode } from "react";

type Props = { className?: string };

function svg(children: ReactNode) {
  return function Icon({ className }: Props) {
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width="24"
        height="24"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        className={className}
        aria-hidden="true"
      >
        {children}
      </svg>
    );
  };
}

export const FilmIcon = svg(
  <>
    <rect width="18" height="18" x="3" y="3" rx="2" />
    <path d="M7 3v18M3 7.5h4M3 12h18M3 16.5h4M17 3v18M17 7.5h4M17 16.5h4" />
  </>,
);
export const PlayIcon = svg(<path d="M5 5a2 2 0 0 1 3.008-1.728l11.997 6.998a2 2 0 0 1 .003 3.458l-12 7A2 2 0 0 1 5 19z" />);
export const DownloadIcon = svg(<path d="M12 15V3M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4m4-6 5 5 5-5" />);
export const ShareIcon = svg(
  <>
    <circle cx="18" cy="5" r="3" />
    <circle cx="6" cy="12" r="3" />
    <circle cx="18" cy="19" r="3" />
    <path d="M8.59 13.51l6.83 3.98M15.41 6.51l-6.82 3.98" />
  </>,
);
export const TvIcon = svg(
  <>
    <path d="m17 2-5 5-5-5" />
    <rect width="20" height="15" x="2" y="7" rx="2" />
  </>,
);
export const MusicIcon = svg(
  <>
    <path d="M21 16V3a1 1 0 0 0-1.28-.96l-10 2.917a1 1 0 0 0-.72.96V19" />
    <circle cx="18" cy="16" r="3" />
    <circle cx="6" cy="19" r="3" />
  </>,
);
export const PauseIcon = svg(
  <>
    <rect x="14" y="3" width="5" height="18" rx="1" />
    <rect x="5" y="3" width="5" height="18" rx="1" />
  </>,
);
export const LockIcon = svg(
  <>
    <rect width="18" height="11" x="3" y="11" rx="2" ry="2" />
    <path d="M7 11V7a5 5 0 0 1 10 0v4" />
  </>,
);
