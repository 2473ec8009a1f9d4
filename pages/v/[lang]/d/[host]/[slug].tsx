// A gallery reached through its studio's custom domain, in one viewer language: proxy.ts rewrites
// `https://<domain>/<slug>` to `/v/<language segment>/d/<domain>/<slug>`. Only a gallery of the
// studio owning <domain> is found. Cached like pages/v/[lang]/g/[slug].
import type { GetStaticPaths, GetStaticProps } from "next";
import { PublicGalleryScreen } from "@/components/gallery/public-gallery-screen";
import { normalizeHost } from "@/lib/services/studio/rules/hosts";
import type { PublicGalleryPageProps } from "@/lib/services/public/rules/public-view";
import { findGallery } from "@/lib/services/access";
import { publicGalleryPageProps } from "@/lib/services/public";
import { parseSegment } from "@/lib/viewer-i18n/language.cjs";

export const getStaticPaths: GetStaticPaths = async () => ({ paths: [], fallback: "blocking" });

export const getStaticProps: GetStaticProps<PublicGalleryPageProps, { lang: string; host: string; slug: string }> = async ({ params }) => {
  const domain = normalizeHost(params?.host);
  if (!parseSegment(params?.lang)) return { notFound: true };
  return publicGalleryPageProps(domain && params?.slug ? await findGallery(params.slug, { domain }) : null, params?.lang);
};

// The head tags come from the same props, written by pages/_document.tsx.
export default PublicGalleryScreen;
