// The public gallery's Inter (pages/_app.tsx): the same file, fallback and CSS variable as the app's
// own (app/fonts.ts), not preloaded. The gallery's text is drawn in the fonts its styles choose
// (lib/services/galleries/rules/fonts.ts) or, by default, in the system's sans-serif: Tailwind's --font-sans is resolved on
// :root, where the Pages Router's document does not set --font-inter (the variable is set on the box
// in pages/_app.tsx), so nothing on a gallery page is drawn in Inter. The preload still fetched its
// 49 KB on every gallery page, at high priority, alongside the background image that is the page's
// largest paint (a phone's first load, bench/lighthouse). Without it the browser fetches Inter only if text in it is laid
// out. The App Router's pages keep the preload: there the largest paint is text in Inter, and without
// it the swap shifted the home page (CLS 0.03). A file of its own: next/font preloads the faces that
// a page's modules declare.
import localFont from "next/font/local";

export const interOnDemand = localFont({
  src: "../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2",
  weight: "100 900",
  style: "normal",
  display: "swap",
  preload: false,
  variable: "--font-inter",
  adjustFontFallback: "Arial",
});
