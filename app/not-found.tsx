import type { Metadata } from "next";
import { TEXTS } from "@/lib/texts";
import { buttonClass } from "@/components/ui/button";

// The title of every 404 (the public gallery's missing pages included), never indexed.
export const metadata: Metadata = { title: { absolute: TEXTS.notFound }, robots: { index: false, follow: false } };

export default function NotFound() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-6 bg-zinc-50 px-4 text-center">
      <h1 className="text-3xl font-bold tracking-tight">{TEXTS.notFound}</h1>
      <p className="text-zinc-600">The page you are looking for does not exist or has moved.</p>
      {/* A plain link, not next/link: this screen's scripts are part of every App Router page's
          first load, and a 404 can well load the home page afresh. */}
      {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- see above */}
      <a href="/" className={buttonClass("dark")}>
        Back to home
      </a>
    </main>
  );
}
