// The document of the Pages Router pages (the public gallery and its 500; the marketing site and the
// sign-in pages, which are sent without scripts): the same <html> and
// <body> as app/layout.tsx, and the head tags, written here on the server (no next/head in the
// viewer's first load; see components/gallery/gallery-head.tsx).
import { Children, isValidElement, type ReactElement, type ReactNode } from "react";
import { Head, Html, Main, NextScript, type DocumentProps } from "next/document";
import { GalleryHeadTags } from "@/components/gallery/gallery-head";
import type { PublicGalleryPageProps } from "@/lib/services/public/rules/public-view";
import { TEXTS } from "@/lib/texts";
import { VIEWER_TEXTS } from "@/lib/viewer-i18n/english";
import { GUEST_TOKEN_SCRIPT } from "@/lib/services/guests/rules/guest-token";
import { GALLERY_BOOT_SCRIPT, htmlSafeJson, type HeldScript } from "@/lib/services/public/rules/gallery-boot";
import { BOOT_LIST_ID } from "@/lib/services/public/rules/gallery-boot-names";
import { MARKETING_PATHS } from "@/components/marketing/nav-links";
import { SIGN_IN_PATHS } from "@/lib/routes";

/** Pages sent without any script, each writing its own head (next/head): the marketing site and the sign-in pages. */
const SCRIPT_FREE_PAGES: readonly string[] = [...MARKETING_PATHS, ...SIGN_IN_PATHS];

/** Next's head without `<link rel="preload">` of the page's scripts: they would start before the picture (lib/services/public/rules/gallery-boot.ts). */
class PictureFirstHead extends Head {
  getPreloadDynamicChunks() {
    return [];
  }
  getPreloadMainLinks() {
    return null;
  }
}

// React's names of the attributes NextScript writes, as HTML names them.
const ATTRIBUTE_NAMES: Record<string, string> = { src: "src", id: "id", type: "type", nonce: "nonce", crossOrigin: "crossorigin", noModule: "nomodule" };

type ScriptProps = { [name: string]: unknown; dangerouslySetInnerHTML?: { __html: string } };

/** The <script> elements of a rendered tree, in order. */
function scriptElements(node: ReactNode): ReactElement<ScriptProps>[] {
  return Children.toArray(node).flatMap((child) => {
    if (!isValidElement<ScriptProps & { children?: ReactNode }>(child)) return [];
    return child.type === "script" ? [child] : scriptElements(child.props.children);
  });
}

/**
 * NextScript, held: the page's data as NextScript writes it, and its scripts as a list the boot
 * script adds once the largest picture is in (lib/services/public/rules/gallery-boot.ts).
 */
class HeldNextScript extends NextScript {
  render() {
    const scripts = scriptElements(super.render());
    const data = scripts.filter((s) => s.props.id === "__NEXT_DATA__");
    const held: HeldScript[] = scripts
      .filter((s) => s.props.id !== "__NEXT_DATA__")
      .map(({ props }) => {
        const attrs: Record<string, string> = {};
        for (const [name, html] of Object.entries(ATTRIBUTE_NAMES)) {
          const value = props[name];
          if (value === true) attrs[html] = "";
          else if (typeof value === "string") attrs[html] = value;
        }
        return props.dangerouslySetInnerHTML ? { attrs, text: props.dangerouslySetInnerHTML.__html } : { attrs };
      });
    return (
      <>
        {data}
        <script id={BOOT_LIST_ID} type="application/json" dangerouslySetInnerHTML={{ __html: htmlSafeJson(held) }} />
        <script dangerouslySetInnerHTML={{ __html: GALLERY_BOOT_SCRIPT }} />
      </>
    );
  }
}

export default function Document({ __NEXT_DATA__ }: DocumentProps) {
  const head = (__NEXT_DATA__.props?.pageProps as Partial<PublicGalleryPageProps> | undefined)?.head;
  // The page's viewer language (lib/viewer-i18n): the studio's choice, the guest's browser or switcher.
  const title = __NEXT_DATA__.page === "/500" ? VIEWER_TEXTS.unexpectedError : TEXTS.notFound;
  // The marketing and sign-in pages: their own title (next/head), and no script at all.
  const scriptFree = SCRIPT_FREE_PAGES.includes(__NEXT_DATA__.page);
  return (
    <Html lang={head?.lang ?? "en"}>
      <PictureFirstHead>
        {head ? (
          <>
            {/* First: a personal link's token leaves the address before anything else sees it. */}
            <script dangerouslySetInnerHTML={{ __html: GUEST_TOKEN_SCRIPT }} />
            <GalleryHeadTags head={head} />
          </>
        ) : scriptFree ? null : (
          <>
            <title>{title}</title>
            <meta name="robots" content="noindex, nofollow" />
          </>
        )}
      </PictureFirstHead>
      <body className="min-h-screen bg-white font-sans text-zinc-900">
        <Main />
        {scriptFree ? null : <HeldNextScript />}
      </body>
    </Html>
  );
}
