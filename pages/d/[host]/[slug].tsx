// A gallery reached through its studio's custom domain: proxy.ts rewrites `https://<domain>/<slug>`
// here. Only a gallery of the studio owning <domain> is found. Cached like pages/g/[slug].
import type { GetStaticPaths, GetStaticProps } from "next";
import { PublicGalleryScreen } from "@/components/gallery/public-gallery-screen";
import { normalizeHost } from "@/lib/hosts";
import type { PublicGalleryPageProps } from "@/lib/public-view";
import { loadPublicGallery } from "@/lib/services/public-gallery";
import { publicGalleryPageProps } from "@/lib/services/public-page";

export const getStaticPaths: GetStaticPaths = async () => ({ paths: [], fallback: "blocking" });

export const getStaticProps: GetStaticProps<PublicGalleryPageProps, { host: string; slug: string }> = async ({ params }) => {
  const domain = normalizeHost(params?.host);
  return publicGalleryPageProps(domain && params?.slug ? await loadPublicGallery(params.slug, { domain }) : null);
};

// The head tags come from the same props, written by pages/_document.tsx.
export default PublicGalleryScreen;
