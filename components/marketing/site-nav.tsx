"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useState } from "react";
import { Menu, X } from "lucide-react";
import { Logo } from "@/components/ui/logo";
import { buttonClass } from "@/components/ui/button";
import { ROUTES } from "@/lib/routes";
import { NAV_LINKS } from "@/components/marketing/nav-links";

export function SiteNav() {
  const pathname = usePathname();
  const [open, setOpen] = useState(false);
  const linkClass = (href: string) => `rounded-md px-3 py-2 text-sm font-medium transition ${pathname === href ? "text-zinc-900" : "text-zinc-600 hover:text-zinc-900"}`;

  return (
    <header className="sticky top-0 z-40 border-b border-zinc-200/70 bg-white/85 backdrop-blur">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4 sm:px-6">
        <Logo />
        <ul className="hidden items-center gap-1 md:flex">
          {NAV_LINKS.map((l) => (
            <li key={l.href}>
              <Link href={l.href} className={linkClass(l.href)} aria-current={pathname === l.href ? "page" : undefined}>
                {l.label}
              </Link>
            </li>
          ))}
        </ul>
        <div className="hidden items-center gap-2 md:flex">
          <a href={ROUTES.login} className={buttonClass("ghost")}>
            Login
          </a>
          <Link href={ROUTES.signup} className={buttonClass("primary")}>
            Get started
          </Link>
        </div>
        <button
          type="button"
          className="rounded-md p-2 text-zinc-700 md:hidden"
          aria-expanded={open}
          aria-controls="mobile-nav"
          aria-label={open ? "Close menu" : "Open menu"}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? <X className="h-5 w-5" /> : <Menu className="h-5 w-5" />}
        </button>
      </nav>
      {open && (
        <div id="mobile-nav" className="border-t border-zinc-200 bg-white px-4 pb-4 md:hidden">
          <ul className="flex flex-col py-2">
            {NAV_LINKS.map((l) => (
              <li key={l.href}>
                <Link href={l.href} className={`block ${linkClass(l.href)}`} onClick={() => setOpen(false)}>
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
          <div className="flex gap-2">
            <a href={ROUTES.login} className={buttonClass("outline", "flex-1")}>
              Login
            </a>
            <Link href={ROUTES.signup} className={buttonClass("primary", "flex-1")}>
              Get started
            </Link>
          </div>
        </div>
      )}
    </header>
  );
}
