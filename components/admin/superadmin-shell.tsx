import Link from "next/link";
import { LogoLink } from "@/components/ui/logo-link";
import { LogoutButton } from "@/components/ui/logout-button";
import { ROUTES } from "@/lib/routes";
import { TEXTS } from "@/lib/texts";

const NAV = [
  { href: ROUTES.superadminHome, label: "Clients" },
  { href: ROUTES.superadminMail, label: "Mail outbox" },
  { href: ROUTES.superadminAudit, label: "Audit log" },
] as const;

/**
 * The super admin's pages: the header (logo, sections, Log Out), a warning while payments are not
 * configured (`paymentsOff`: the page asks lib/payments paymentsConfigured), and the page's title.
 */
export function SuperadminShell({ current, title, intro, paymentsOff, children }: { current: string; title: string; intro: string; paymentsOff: boolean; children: React.ReactNode }) {
  return (
    <div className="min-h-screen bg-zinc-50">
      <header className="border-b border-zinc-200 bg-white">
        <div className="flex h-16 items-center justify-between gap-4 px-4 sm:px-6">
          <LogoLink href={ROUTES.superadminHome} />
          <LogoutButton callbackUrl={ROUTES.superadminLogin} />
        </div>
        <nav aria-label="Super admin" className="overflow-x-auto px-4 sm:px-6">
          <ul className="flex gap-1">
            {NAV.map((n) => (
              <li key={n.href}>
                <Link
                  href={n.href}
                  aria-current={n.href === current ? "page" : undefined}
                  className={`block border-b-2 px-3 py-2.5 text-sm whitespace-nowrap ${n.href === current ? "border-brand-600 font-semibold text-zinc-900" : "border-transparent text-zinc-600 hover:text-zinc-900"}`}
                >
                  {n.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main className="px-4 py-8 sm:px-6">
        {paymentsOff && (
          <div role="alert" data-testid="payments-warning" className="mb-6 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
            <p className="font-semibold">{TEXTS.paymentsWarning.title}</p>
            <p className="mt-1">{TEXTS.paymentsWarning.body}</p>
          </div>
        )}
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        <p className="mt-1 text-sm text-zinc-600">{intro}</p>
        <div className="mt-6">{children}</div>
      </main>
    </div>
  );
}

/** A GET search form and the pager of a record list (the address keeps both: a page can be shared and reloaded). */
export function RecordsControls({ base, q, page, pages, total, label }: { base: string; q?: string; page: number; pages: number; total: number; label: string }) {
  const href = (p: number) => `${base}?${new URLSearchParams({ ...(q ? { q } : {}), page: String(p) })}`;
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <form method="get" action={base} role="search" className="flex w-full max-w-md gap-2">
        <label htmlFor="records-q" className="sr-only">
          {label}
        </label>
        <input
          id="records-q"
          name="q"
          type="search"
          defaultValue={q}
          placeholder={label}
          className="min-w-0 flex-1 rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
        />
        <button type="submit" className="rounded-lg bg-zinc-900 px-4 py-2 text-sm font-semibold text-white hover:bg-zinc-800">
          Search
        </button>
      </form>
      <nav aria-label="Pages" className="flex items-center gap-2 text-sm text-zinc-600" data-testid="records-pager">
        <span>
          {total} {total === 1 ? "entry" : "entries"} · page {page} of {pages}
        </span>
        {page > 1 ? (
          <Link href={href(page - 1)} className="rounded-md border border-zinc-300 bg-white px-2.5 py-1 hover:bg-zinc-100">
            Previous
          </Link>
        ) : null}
        {page < pages ? (
          <Link href={href(page + 1)} className="rounded-md border border-zinc-300 bg-white px-2.5 py-1 hover:bg-zinc-100">
            Next
          </Link>
        ) : null}
      </nav>
    </div>
  );
}
