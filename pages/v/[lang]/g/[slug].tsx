// The public gallery on the default client gallery host (`/g/{customurl}`), in one viewer language:
// proxy.ts rewrites `/g/<slug>` to `/v/<language segment>/g/<slug>` (lib/viewer-i18n/language.cjs),
// so each language is its own cached page. A Pages Router page on purpose: its first-load
// JavaScript is about 20 KB smaller than the App Router's runtime allows (docs/architecture/decisions.md
// "Two routers"). Cached (ISR): rendered on the first request, then served from the cache until a
// save expires it (lib/services/public/public-cache.ts, which expires every language's page at once: their
// tag is the public path's) or, for what no save announces (an expiry date passing), at most
// PUBLIC_PAGE_REVALIDATE seconds later. It reads no cookies or headers; the password gate and the
// editor's preview live elsewhere.
import type { GetStaticPaths, GetStaticProps } from "next";
import { PublicGalleryScreen } from "@/components/gallery/public-gallery-screen";
import type { PublicGalleryPageProps } from "@/lib/services/public/rules/public-view";
import { findGallery } from "@/lib/services/access";
import { publicGalleryPageProps } from "@/lib/services/public";
import { parseSegment } from "@/lib/viewer-i18n/language.cjs";

export const getStaticPaths: GetStaticPaths = async () => ({ paths: [], fallback: "blocking" });

export const getStaticProps: GetStaticProps<PublicGalleryPageProps, { lang: string; slug: string }> = async ({ params }) =>
  parseSegment(params?.lang) ? publicGalleryPageProps(await findGallery(params?.slug ?? ""), params?.lang) : { notFound: true };

// The head tags come from the same props, written by pages/_document.tsx.
export default PublicGalleryScreen;
