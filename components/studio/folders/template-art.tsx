/** A drawing of the classic layout: a hero with the heading and buttons, then a row of films. */
export function TemplateArt() {
  return (
    <svg viewBox="0 0 240 150" className="h-auto w-full" role="img" aria-label="Classic layout: a heading over the background, then a grid of films">
      <defs>
        <linearGradient id="tpl-hero" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#7c2d12" />
          <stop offset="0.6" stopColor="#27272a" />
          <stop offset="1" stopColor="#09090b" />
        </linearGradient>
      </defs>
      <rect width="240" height="150" rx="8" fill="#09090b" />
      <rect width="240" height="86" rx="8" fill="url(#tpl-hero)" />
      <rect x="14" y="10" width="34" height="5" rx="2.5" fill="#ffffff" opacity="0.6" />
      <rect x="14" y="46" width="110" height="10" rx="3" fill="#ffffff" />
      <rect x="14" y="60" width="70" height="5" rx="2.5" fill="#ffffff" opacity="0.6" />
      <rect x="14" y="71" width="26" height="8" rx="4" fill="#ffffff" />
      <rect x="44" y="71" width="26" height="8" rx="4" fill="#ffffff" opacity="0.3" />
      <rect x="74" y="71" width="26" height="8" rx="4" fill="#ffffff" opacity="0.3" />
      {[14, 86, 158].map((x) => (
        <g key={x}>
          <rect x={x} y="98" width="68" height="38" rx="4" fill="#3f3f46" />
          <circle cx={x + 34} cy="117" r="6" fill="#ffffff" opacity="0.8" />
          <path d={`M${x + 32} 114 l5 3 l-5 3 z`} fill="#18181b" />
          <rect x={x} y="140" width="40" height="4" rx="2" fill="#71717a" />
        </g>
      ))}
    </svg>
  );
}
