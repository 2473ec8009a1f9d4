// The document of the Pages Router pages (the public gallery and its 500): the same <html> and
// <body> as app/layout.tsx, and the head tags, written here on the server (no next/head in the
// viewer's first load; see components/gallery/gallery-head.tsx).
import { Head, Html, Main, NextScript, type DocumentProps } from "next/document";
import { GalleryHeadTags } from "@/components/gallery/gallery-head";
import type { PublicGalleryPageProps } from "@/lib/public-view";
import { TEXTS } from "@/lib/texts";
import { VIEWER_TEXTS } from "@/lib/viewer-texts";
import { GUEST_TOKEN_SCRIPT } from "@/lib/guest-token";

export default function Document({ __NEXT_DATA__ }: DocumentProps) {
  const head = (__NEXT_DATA__.props?.pageProps as Partial<PublicGalleryPageProps> | undefined)?.head;
  // The page's viewer language (lib/viewer-i18n): the studio's choice, the guest's browser or switcher.
  const title = __NEXT_DATA__.page === "/500" ? VIEWER_TEXTS.unexpectedError : TEXTS.notFound;
  return (
    <Html lang={head?.lang ?? "en"}>
      <Head>
        {head ? (
          <>
            {/* First: a personal link's token leaves the address before anything else sees it. */}
            <script dangerouslySetInnerHTML={{ __html: GUEST_TOKEN_SCRIPT }} />
            <GalleryHeadTags head={head} />
          </>
        ) : (
          <>
            <title>{title}</title>
            <meta name="robots" content="noindex, nofollow" />
          </>
        )}
      </Head>
      <body className="min-h-screen bg-white font-sans text-zinc-900">
        <Main />
        <NextScript />
      </body>
    </Html>
  );
}
