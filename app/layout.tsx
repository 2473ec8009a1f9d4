import type { Metadata } from "next";
import { connection } from "next/server";
import "./globals.css";
import { inter } from "./fonts";
import { SITE } from "@/lib/texts/marketing";

export const metadata: Metadata = {
  title: { default: SITE.title, template: SITE.pageTitle("%s") },
  description: SITE.description,
};

// Server-only on purpose: the public gallery (app/g, app/d) renders directly under this layout, so
// whatever a client component here imports lands in every viewer's first load. The studio's client
// providers (app/(app)/providers.tsx) wrap only the pages that use them: the studio, the checkout and
// the super admin (their layouts); the sign-in pages load without them. The marketing site is not
// here: it is the Pages Router's, served without any script (components/marketing/marketing-frame.tsx).
//
// Rendered per request, every page under it: each answer's scripts carry that request's nonce
// (proxy.ts, lib/security/headers.ts), which a page made at build time could not; the CSP has no
// 'unsafe-inline' (docs/security.md, "Security headers"). The public gallery, which must be cached, is the Pages Router's.
export default async function RootLayout({ children }: { children: React.ReactNode }) {
  await connection();
  return (
    <html lang="en" className={inter.variable}>
      <body className="min-h-screen bg-white font-sans text-zinc-900">{children}</body>
    </html>
  );
}
