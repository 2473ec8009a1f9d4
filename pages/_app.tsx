// The Pages Router's frame, used only by the public gallery pages (pages/g, pages/d) and their 500:
// the same stylesheet as the App Router's root layout, nothing else in the viewer's first load.
import type { AppProps } from "next/app";
import "@/app/globals.css";
import { interOnDemand } from "@/app/gallery-font";

export default function App({ Component, pageProps }: AppProps) {
  // _document cannot load fonts: the face's variable is set here, on a box that draws nothing itself.
  // Not preloaded: no gallery text is drawn in Inter (app/gallery-font.ts).
  return (
    <div className={`${interOnDemand.variable} contents font-sans`}>
      <Component {...pageProps} />
    </div>
  );
}
