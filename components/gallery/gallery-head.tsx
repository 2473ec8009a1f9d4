// The public gallery page's head tags, written by pages/_document.tsx from the page's props: the
// document is rendered on the server only, so these tags cost the viewer's first load no JavaScript
// (next/head would add its head manager to it). The gallery page has no client-side navigation,
// so nothing needs to change them in the browser.
import type { PublicGalleryHead } from "@/lib/services/public/rules/public-view";
import { fontFaceCss, fontPreloads } from "@/lib/services/galleries/rules/font-faces";

export function GalleryHeadTags({ head }: { head: PublicGalleryHead }) {
  const { og, twitter, fonts } = head;
  // Only the faces this gallery's fonts need (none for the default), as a stylesheet in the page:
  // no request before the first paint; the faces it draws first are preloaded, at low cost (swap).
  const faces = fonts ? fontFaceCss([fonts.heading, fonts.body]) : "";
  return (
    <>
      {fonts && fontPreloads(fonts.heading, fonts.body).map((href) => <link key={href} rel="preload" href={href} as="font" type="font/woff2" crossOrigin="anonymous" />)}
      {faces && <style data-gallery-fonts="" dangerouslySetInnerHTML={{ __html: faces }} />}
      <title>{head.title}</title>
      {head.description && <meta name="description" content={head.description} />}
      <meta name="robots" content="noindex, nofollow" />
      <meta name="googlebot" content="noindex, nofollow" />
      {head.icon && <link rel="icon" href={head.icon} />}
      {head.alternates?.map((a) => (
        <link key={a.hrefLang} rel="alternate" hrefLang={a.hrefLang} href={a.href} />
      ))}
      {og && <meta property="og:type" content={og.type} />}
      {og && <meta property="og:title" content={og.title} />}
      {og?.description && <meta property="og:description" content={og.description} />}
      {og?.siteName && <meta property="og:site_name" content={og.siteName} />}
      {og?.image && <meta property="og:image" content={og.image} />}
      {twitter && <meta name="twitter:card" content={twitter.card} />}
      {twitter && <meta name="twitter:title" content={twitter.title} />}
      {twitter?.description && <meta name="twitter:description" content={twitter.description} />}
      {twitter?.image && <meta name="twitter:image" content={twitter.image} />}
    </>
  );
}
