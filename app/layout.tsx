import type { Metadata } from "next";
import "./globals.css";
import { inter } from "./fonts";

export const metadata: Metadata = {
  title: { default: "Vidfolio — deliver your films beautifully", template: "%s · Vidfolio" },
  description: "Vidfolio is where professional videographers deliver finished films to their clients: branded galleries, fast streaming, your own domain.",
};

// Server-only on purpose: the public gallery (app/g, app/d) renders directly under this layout, so
// whatever a client component here imports lands in every viewer's first load. The studio's client
// providers (app/(app)/providers.tsx) wrap only the pages that use them: the studio, the checkout and
// the super admin (their layouts); the marketing site and the sign-in pages load without them.
export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en" className={inter.variable}>
      <body className="min-h-screen bg-white font-sans text-zinc-900">{children}</body>
    </html>
  );
}
