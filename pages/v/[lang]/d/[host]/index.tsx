// A studio's domain home page, in the viewer's language: proxy.ts rewrites `https://<domain>/` to
// `/v/<language segment>/d/<domain>` (lib/services/public/studio-home.ts). Cached like the gallery pages;
// a host that is no studio's verified domain is a 404.
import type { GetStaticPaths, GetStaticProps } from "next";
import { StudioHomeScreen } from "@/components/gallery/studio-home";
import { normalizeHost } from "@/lib/services/studio/rules/hosts";
import { studioHomeProps } from "@/lib/services/public";
import type { StudioHomeProps } from "@/lib/page-props/studio-home";
import { parseSegment } from "@/lib/viewer-i18n/language.cjs";

export const getStaticPaths: GetStaticPaths = async () => ({ paths: [], fallback: "blocking" });

export const getStaticProps: GetStaticProps<StudioHomeProps, { lang: string; host: string }> = async ({ params }) =>
  parseSegment(params?.lang) ? studioHomeProps(normalizeHost(params?.host), params?.lang) : { notFound: true };

export default StudioHomeScreen;
