// Inter, the app's own typeface, through next/font (the public gallery declares the same face, not
// preloaded, in app/gallery-font.ts): the file is preloaded from the page's head instead of being
// found only once the stylesheet has arrived, and a fallback face with Inter's metrics stands in
// until it does, so the swap moves nothing (home's LCP and CLS, bench/lighthouse). The Latin subset
// covers every language the app and the viewer are written in; other scripts are drawn by the
// system's sans-serif.
import localFont from "next/font/local";

export const inter = localFont({
  src: "../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2",
  weight: "100 900",
  style: "normal",
  display: "swap",
  variable: "--font-inter",
  adjustFontFallback: "Arial",
});
