import type { Metadata } from "next";
import "./globals.css";
import { Providers } from "./providers";

export const metadata: Metadata = {
  title: { default: "Vidfolio — deliver your films beautifully", template: "%s · Vidfolio" },
  description:
    "Vidfolio is where professional videographers deliver finished films to their clients: branded galleries, fast streaming, your own domain.",
};

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen bg-white font-sans text-zinc-900">
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
