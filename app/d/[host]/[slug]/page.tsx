import type { Metadata } from "next";
import { cache } from "react";
import { notFound } from "next/navigation";
import { PublicGalleryScreen } from "@/components/gallery/public-gallery-screen";
import { normalizeHost } from "@/lib/hosts";
import { loadPublicGallery } from "@/lib/services/public-gallery";
import { publicGalleryMetadata } from "@/lib/services/public-metadata";

// A gallery reached through its studio's custom domain: proxy.ts rewrites `https://<domain>/<slug>`
// here. Only a gallery of the studio owning <domain> is found. Cached like /g/[slug].
export const revalidate = 60;
export async function generateStaticParams() {
  return [];
}

const load = cache((host: string, slug: string) => {
  const domain = normalizeHost(decodeURIComponent(host));
  return domain ? loadPublicGallery(slug, { domain }) : Promise.resolve(null);
});

type Props = { params: Promise<{ host: string; slug: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { host, slug } = await params;
  return publicGalleryMetadata(await load(host, slug));
}

export default async function CustomDomainGalleryPage({ params }: Props) {
  const { host, slug } = await params;
  const gallery = await load(host, slug);
  if (!gallery) notFound();
  return <PublicGalleryScreen gallery={gallery} />;
}
