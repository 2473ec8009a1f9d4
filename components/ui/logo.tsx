import Link from "next/link";

/** The Vidfolio wordmark. `tone` picks the text colour for light or dark backgrounds; `prefetch` false: the home page is not fetched ahead. */
export function Logo({ href = "/", tone = "dark", prefetch }: { href?: string; tone?: "dark" | "light"; prefetch?: false }) {
  return (
    <Link href={href} prefetch={prefetch} className="inline-flex items-center gap-2 rounded-md" aria-label="Vidfolio home">
      <span className="grid h-8 w-8 place-items-center rounded-lg bg-gradient-to-br from-brand-400 to-brand-600 shadow-sm">
        <svg viewBox="0 0 24 24" className="h-4 w-4 fill-white" aria-hidden="true">
          <path d="M8 5.5v13l10.5-6.5L8 5.5z" />
        </svg>
      </span>
      <span className={`text-lg font-semibold tracking-tight ${tone === "light" ? "text-white" : "text-zinc-900"}`}>Vidfolio</span>
    </Link>
  );
}
