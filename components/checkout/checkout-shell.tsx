import { Logo } from "@/components/ui/logo";
import { ROUTES } from "@/lib/routes";

/** The plain frame of the checkout, test checkout, success and cancel pages. */
export function CheckoutShell({ children }: { children: React.ReactNode }) {
  return (
    <div className="min-h-screen bg-zinc-50">
      <header className="border-b border-zinc-200 bg-white">
        <div className="mx-auto flex h-16 max-w-6xl items-center px-4 sm:px-6">
          <Logo href={ROUTES.galleries} />
        </div>
      </header>
      <main className="mx-auto max-w-6xl px-4 py-12 sm:px-6">{children}</main>
    </div>
  );
}
