import { FlaskConical } from "lucide-react";
import { LogoLink } from "@/components/ui/logo-link";
import { ROUTES } from "@/lib/routes";

/** The plain frame of the checkout, test checkout, success and cancel pages. */
export function CheckoutShell({ children }: { children: React.ReactNode }) {
  return (
    <div className="min-h-screen bg-zinc-50">
      <header className="border-b border-zinc-200 bg-white">
        <div className="mx-auto flex h-16 max-w-6xl items-center px-4 sm:px-6">
          <LogoLink href={ROUTES.galleries} />
        </div>
      </header>
      <main className="mx-auto max-w-6xl px-4 py-12 sm:px-6">{children}</main>
    </div>
  );
}

/** A page of the local test provider (its checkout, its account setup): marked test mode, one card with its title; in `lang` when given (a guest's checkout). */
export function TestProviderPage({ note, title, lang, children }: { note: string; title: string; lang?: string; children: React.ReactNode }) {
  return (
    <CheckoutShell>
      <div className="mx-auto max-w-md" lang={lang}>
        <p role="note" className="flex items-center gap-2 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900">
          <FlaskConical className="h-4 w-4" aria-hidden="true" />
          {note}
        </p>
        <div className="mt-6 rounded-2xl border border-zinc-200 bg-white p-6">
          <h1 className="text-xl font-bold">{title}</h1>
          {children}
        </div>
      </div>
    </CheckoutShell>
  );
}
