// A studio's domain home page: proxy.ts rewrites `https://<domain>/` here (lib/services/studio-home.ts).
// Cached like the gallery pages; a host that is no studio's verified domain is a 404.
import type { GetStaticPaths, GetStaticProps } from "next";
import { StudioHomeScreen } from "@/components/gallery/studio-home";
import { normalizeHost } from "@/lib/hosts";
import { studioHomeProps, type StudioHomeProps } from "@/lib/services/studio-home";

export const getStaticPaths: GetStaticPaths = async () => ({ paths: [], fallback: "blocking" });

export const getStaticProps: GetStaticProps<StudioHomeProps, { host: string }> = async ({ params }) => studioHomeProps(normalizeHost(params?.host));

export default StudioHomeScreen;
