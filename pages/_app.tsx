// The Pages Router's frame, used by the public gallery pages (pages/g, pages/d) and their 500, and by
// the marketing pages (sent without scripts, so nothing here runs there): the same stylesheet as
// the App Router's root layout, nothing else in the viewer's first load.
import { useEffect } from "react";
import type { AppProps } from "next/app";
import "@/app/globals.css";
import { interOnDemand } from "@/app/gallery-font";
import { HYDRATED_EVENT } from "@/lib/services/public/rules/gallery-boot-names";

export default function App({ Component, pageProps }: AppProps) {
  // The page answers from here on: a tap the boot script held is replayed (lib/services/public/rules/gallery-boot.ts).
  useEffect(() => {
    window.dispatchEvent(new Event(HYDRATED_EVENT));
  }, []);
  // _document cannot load fonts: the face's variable is set here, on a box that draws nothing itself.
  // Not preloaded: no gallery text is drawn in Inter (app/gallery-font.ts).
  return (
    <div className={`${interOnDemand.variable} contents font-sans`}>
      <Component {...pageProps} />
    </div>
  );
}
