import type { Metadata } from "next";
import { cache } from "react";
import { notFound } from "next/navigation";
import { PublicGalleryScreen } from "@/components/gallery/public-gallery-screen";
import { getPublicGallery } from "@/lib/services/public-gallery";
import { publicGalleryMetadata } from "@/lib/services/public-metadata";

// Cached (ISR): rendered on the first request, then served from the cache until a save expires it
// (lib/services/public-cache.ts) or, for what no save announces (a video finishing processing, an
// expiry date passing), at most this many seconds later. It reads no cookies, headers or search
// params; the password gate and the editor's preview live elsewhere (see docs/architecture.md).
export const revalidate = 60;
export async function generateStaticParams() {
  return [];
}

// The metadata and the page read the same gallery: one load per render.
const load = cache(getPublicGallery);

type Props = { params: Promise<{ slug: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return publicGalleryMetadata(await load((await params).slug));
}

/** The public gallery on the default client gallery host (`/g/{customurl}`). */
export default async function PublicGalleryPage({ params }: Props) {
  const gallery = await load((await params).slug);
  if (!gallery) notFound();
  return <PublicGalleryScreen gallery={gallery} />;
}
