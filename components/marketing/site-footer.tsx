import { Logo } from "@/components/ui/logo";
import { COMPANY } from "@/lib/services/platform/rules/company";
import { NAV_LINKS } from "@/components/marketing/nav-links";

export function SiteFooter() {
  return (
    <footer className="border-t border-zinc-800 bg-ink-900 text-zinc-400">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-3">
        <div className="space-y-3">
          <Logo tone="light" />
          <p className="max-w-xs text-sm">{COMPANY.tagline}. Branded galleries, fast streaming and your own domain.</p>
        </div>
        <nav aria-label="Footer">
          <h2 className="mb-3 text-sm font-semibold text-white">Explore</h2>
          <ul className="grid grid-cols-2 gap-2 text-sm">
            {NAV_LINKS.map((l) => (
              <li key={l.href}>
                <a href={l.href} className="hover:text-white">
                  {l.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="text-sm">
          <h2 className="mb-3 font-semibold text-white">Get in touch</h2>
          <p>
            {/* Tap targets of at least 24 px (WCAG 2.5.8): the lines were too close for a thumb. */}
            <a href={`mailto:${COMPANY.email}`} className="literal inline-block py-1.5 hover:text-white">
              {COMPANY.email}
            </a>
          </p>
          <p>
            <a href={COMPANY.phoneHref} className="inline-block py-1.5 hover:text-white">
              {COMPANY.phone}
            </a>
          </p>
        </div>
      </div>
      <p className="border-t border-zinc-800 py-5 text-center text-xs">© {new Date().getFullYear()} Vidfolio Inc. All rights reserved.</p>
    </footer>
  );
}
