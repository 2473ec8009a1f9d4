import { TEXTS } from "@/lib/texts";
import { buttonClass } from "@/components/ui/button";

/** The 404 screen: app/not-found.tsx (App Router) and pages/404.tsx (the public gallery's pages). */
export function NotFoundScreen() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-6 bg-zinc-50 px-4 text-center">
      <h1 className="text-3xl font-bold tracking-tight">{TEXTS.notFound}</h1>
      <p className="text-zinc-600">The page you are looking for does not exist or has moved.</p>
      {/* A plain link, not next/link: this screen's scripts are part of every page's first load
          (the public gallery's included), and a 404 can well load the home page afresh. */}
      <a href="/" className={buttonClass("dark")}>
        Back to home
      </a>
    </main>
  );
}
