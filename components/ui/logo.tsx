/** The Vidfolio mark and name, without a link. `tone` picks the text colour for light or dark backgrounds. */
export function LogoMark({ tone = "dark" }: { tone?: "dark" | "light" }) {
  return (
    <>
      <span className="grid h-8 w-8 place-items-center rounded-lg bg-gradient-to-br from-brand-400 to-brand-600 shadow-sm">
        <svg viewBox="0 0 24 24" className="h-4 w-4 fill-white" aria-hidden="true">
          <path d="M8 5.5v13l10.5-6.5L8 5.5z" />
        </svg>
      </span>
      <span className={`text-lg font-semibold tracking-tight ${tone === "light" ? "text-white" : "text-zinc-900"}`}>Vidfolio</span>
    </>
  );
}

export const LOGO_CLASS = "inline-flex items-center gap-2 rounded-md";

/**
 * The Vidfolio wordmark as a plain link (the marketing and sign-in pages, which run no script, and
 * link to the home page, which is one of them). The studio's shells use LogoLink (logo-link.tsx),
 * which navigates inside the app; next/link is kept out of this module so the script-free pages'
 * builds do not share Next's router code with the public gallery's first load (bench/viewer).
 */
export function Logo({ href = "/", tone = "dark" }: { href?: string; tone?: "dark" | "light" }) {
  return (
    <a href={href} className={LOGO_CLASS} aria-label="Vidfolio home">
      <LogoMark tone={tone} />
    </a>
  );
}
