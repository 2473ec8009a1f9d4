// The marketing site's frame: its pages (pages/index, pricing, about, company,
// contact) are the Pages Router's with `unstable_runtimeJS: false`, so they are sent as HTML and CSS
// alone: no React, no router, nothing to hydrate, and a phone paints them as soon as the stylesheet
// and the font are in. Nothing on them needs a script: links are plain links, and the phone's menu
// is an HTML popover (components/marketing/site-nav.tsx). Prerendered at build time.
import Head from "next/head";
import { inter } from "@/app/fonts";
import { SITE } from "@/lib/texts/marketing";
import { SiteNav } from "@/components/marketing/site-nav";
import { SiteFooter } from "@/components/marketing/site-footer";

export function MarketingFrame({ path, title, children }: { path: string; title?: string; children: React.ReactNode }) {
  return (
    <>
      <Head>
        <title>{title ? SITE.pageTitle(title) : SITE.title}</title>
        <meta name="description" content={SITE.description} />
      </Head>
      {/* Inter drawn here (its class), preloaded: the pages' largest paint is text in it. */}
      <div className={`${inter.variable} ${inter.className} flex min-h-screen flex-col`}>
        <SiteNav current={path} />
        <main id="main" className="flex-1">
          {children}
        </main>
        <SiteFooter />
      </div>
    </>
  );
}
