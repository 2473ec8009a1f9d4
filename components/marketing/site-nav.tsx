// The marketing navigation bar. Rendered on the server only (the marketing pages send no script):
// the current page is a prop, and the phone's menu is an HTML popover opened by its button
// (`popovertarget`), which the browser makes keyboard-usable, closes on Escape or a tap outside,
// and announces as expanded or collapsed.
import { Menu, X } from "lucide-react";
import { Logo } from "@/components/ui/logo";
import { buttonClass } from "@/components/ui/button";
import { ROUTES } from "@/lib/routes";
import { NAV_LINKS } from "@/components/marketing/nav-links";

export function SiteNav({ current }: { current: string }) {
  const linkClass = (href: string) => `rounded-md px-3 py-2 text-sm font-medium transition ${current === href ? "text-zinc-900" : "text-zinc-600 hover:text-zinc-900"}`;

  return (
    <header className="sticky top-0 z-40 border-b border-zinc-200/70 bg-white/85 backdrop-blur">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4 sm:px-6">
        <Logo />
        <ul className="hidden items-center gap-1 md:flex">
          {NAV_LINKS.map((l) => (
            <li key={l.href}>
              <a href={l.href} className={linkClass(l.href)} aria-current={current === l.href ? "page" : undefined}>
                {l.label}
              </a>
            </li>
          ))}
        </ul>
        <div className="hidden items-center gap-2 md:flex">
          <a href={ROUTES.login} className={buttonClass("ghost")}>
            Login
          </a>
          <a href={ROUTES.signup} className={buttonClass("primary")}>
            Get started
          </a>
        </div>
        <button type="button" className="rounded-md p-2 text-zinc-700 md:hidden" popoverTarget="mobile-nav" aria-label="Open menu">
          <Menu className="h-5 w-5" aria-hidden="true" />
        </button>
      </nav>
      {/* In the top layer when open: placed under the bar, the width of the screen. */}
      <div id="mobile-nav" popover="auto" className="inset-x-0 top-0 m-0 w-full max-w-none border-x-0 border-t-0 border-b border-zinc-200 bg-white px-4 pt-0 pb-4 text-zinc-900 shadow-lg md:hidden">
        <div className="flex h-16 items-center justify-between">
          <Logo />
          <button type="button" className="rounded-md p-2 text-zinc-700" popoverTarget="mobile-nav" popoverTargetAction="hide" aria-label="Close menu">
            <X className="h-5 w-5" aria-hidden="true" />
          </button>
        </div>
        <ul className="flex flex-col py-2">
          {NAV_LINKS.map((l) => (
            <li key={l.href}>
              <a href={l.href} className={`block ${linkClass(l.href)}`} aria-current={current === l.href ? "page" : undefined}>
                {l.label}
              </a>
            </li>
          ))}
        </ul>
        <div className="flex gap-2">
          <a href={ROUTES.login} className={buttonClass("outline", "flex-1")}>
            Login
          </a>
          <a href={ROUTES.signup} className={buttonClass("primary", "flex-1")}>
            Get started
          </a>
        </div>
      </div>
    </header>
  );
}
