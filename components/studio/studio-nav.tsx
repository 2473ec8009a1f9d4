"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { ROUTES } from "@/lib/routes";
import { TEXTS } from "@/lib/texts";

/** The studio's top-level sections in its header: its galleries and its clients. */
const SECTIONS = [
  { href: ROUTES.galleries, label: TEXTS.customers.galleriesNav },
  { href: ROUTES.customers, label: TEXTS.customers.navLabel },
] as const;

export function StudioNav() {
  const path = usePathname() ?? "";
  return (
    <nav aria-label={TEXTS.customers.studioNav}>
      <ul className="flex items-center gap-1">
        {SECTIONS.map((s) => {
          const current = path === s.href || path.startsWith(`${s.href}/`);
          return (
            <li key={s.href}>
              <Link
                href={s.href}
                aria-current={current ? "page" : undefined}
                className={`block rounded-md px-2 py-1.5 text-sm sm:px-3 ${current ? "bg-zinc-100 font-semibold text-zinc-900" : "text-zinc-600 hover:bg-zinc-100"}`}
              >
                {s.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
