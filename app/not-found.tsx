import type { Metadata } from "next";
import { headers } from "next/headers";
import { cache } from "react";
import { TEXTS } from "@/lib/texts";
import { buttonClass } from "@/components/ui/button";
import { GalleryNotFoundScreen } from "@/components/gallery/gallery-not-found";
import { VIEWER_ROUTE_HEADER } from "@/lib/services/galleries/rules/gallery-paths";
import { galleryNotFound } from "@/lib/services/public";

// Every 404, never indexed. A missing gallery's (its route named by proxy.ts, lib/services/galleries/rules/gallery-paths.ts
// VIEWER_ROUTE_HEADER) is the studio's branded page on its domain, a neutral one on Vidfolio's
// gallery host, in the viewer's language; every other path gets the app's own.
// Rendered per request (the root layout awaits connection()), so nothing of one host is kept for another.
// Once per request (the metadata and the page both ask).
const missingGallery = cache(async () => galleryNotFound((await headers()).get(VIEWER_ROUTE_HEADER)));

export async function generateMetadata(): Promise<Metadata> {
  const page = await missingGallery();
  const title = page ? (page.studio ? `${page.locale.texts.galleryNotFound} · ${page.studio.name}` : page.locale.texts.galleryNotFound) : TEXTS.notFound;
  return { title: { absolute: title }, robots: { index: false, follow: false }, ...(page?.studio?.faviconUrl ? { icons: page.studio.faviconUrl } : {}) };
}

export default async function NotFound() {
  const page = await missingGallery();
  if (page) return <GalleryNotFoundScreen {...page} />;
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
