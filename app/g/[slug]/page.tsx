import type { Metadata } from "next";
import { cache } from "react";
import { notFound } from "next/navigation";
import { GalleryView } from "@/components/gallery/gallery-view";
import { getPublicGallery } from "@/lib/services/public-gallery";

// The metadata and the page read the same gallery: one query per request.
const load = cache(getPublicGallery);

type Props = { params: Promise<{ slug: string }>; searchParams: Promise<{ preview?: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const gallery = await load((await params).slug);
  return { title: gallery ? gallery.state.title || gallery.studio.name : undefined, robots: { index: false, follow: false } };
}

/** The public gallery on the default client gallery host (`/g/{customurl}`); `?preview=1` in the editor. */
export default async function PublicGalleryPage({ params, searchParams }: Props) {
  const [{ slug }, { preview }] = await Promise.all([params, searchParams]);
  const gallery = await load(slug);
  if (!gallery) notFound();
  return <GalleryView initial={gallery.state} studio={gallery.studio} preview={preview === "1"} slug={slug} />;
}
