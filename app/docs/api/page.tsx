// /docs/api — the API reference, rendered in the browser by Redoc from GET /api/openapi.json (the
// document generated from lib/contract). Redoc's standalone bundle is served by the app itself
// (./redoc-bundle/route.ts): nothing is fetched from the internet. Its script carries this
// request's CSP nonce (proxy.ts), so the page's policy stays the app's: no host or 'unsafe-eval'
// is added for it, and no other page loads it (docs/security.md).
import type { Metadata } from "next";
import Link from "next/link";
import Script from "next/script";
import { createElement } from "react";
import { headers } from "next/headers";
import { doors } from "@/lib/contract";
import { ROUTES, accountPath } from "@/lib/routes";
import { TEXTS } from "@/lib/texts";

export const metadata: Metadata = { title: TEXTS.apiReference.title };

/** This request's nonce, from the policy proxy.ts forwarded with it. */
function nonceOf(policy: string | null): string | undefined {
  return policy?.match(/'nonce-([^']+)'/)?.[1];
}

export default async function ApiReferencePage() {
  const nonce = nonceOf((await headers()).get("content-security-policy"));
  return (
    <>
      <header className="flex flex-wrap items-center justify-between gap-3 border-b border-zinc-200 px-4 py-3 sm:px-6">
        <h1 className="text-lg font-semibold">{TEXTS.apiReference.title}</h1>
        <nav aria-label={TEXTS.apiReference.nav} className="flex gap-4 text-sm">
          <a href={doors.platform.openapi.url()} className="rounded underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-zinc-900">
            {TEXTS.apiReference.document}
          </a>
          <Link href={accountPath("accountsetting")} className="rounded underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-zinc-900">
            {TEXTS.apiReference.back}
          </Link>
        </nav>
      </header>
      <main>
        {/* Redoc's own element: its bundle finds it when it runs and renders the document into it. */}
        {createElement("redoc", { "spec-url": doors.platform.openapi.url(), "hide-download-button": "" })}
        <noscript>
          <p className="p-6">{TEXTS.apiReference.noScript}</p>
        </noscript>
        {/* next/script, not <script>: a <script> React renders on a client-side navigation never runs. */}
        <Script nonce={nonce} src={ROUTES.apiReferenceBundle} strategy="afterInteractive" />
      </main>
    </>
  );
}
