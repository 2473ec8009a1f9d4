"use client";
// The viewer's language on the page: the page's props carry its language's
// catalogue (lib/viewer-i18n), given here to every part of the gallery, the theater included.
// Every render of the viewer (the public pages, the studio's preview) provides one.
import { createContext, use, useMemo, type ReactNode } from "react";
import { viewerOf, type Viewer } from "@/lib/viewer-i18n/format";
import type { ViewerLocale } from "@/lib/viewer-i18n/types";

export type { Viewer };

const ViewerContext = createContext<Viewer | null>(null);

export function ViewerLocaleProvider({ locale, children }: { locale: ViewerLocale; children: ReactNode }) {
  const value = useMemo<Viewer>(() => viewerOf(locale), [locale]);
  return <ViewerContext value={value}>{children}</ViewerContext>;
}

/** The viewer's texts and formats. */
export function useViewer(): Viewer {
  const v = use(ViewerContext);
  if (!v) throw new Error("useViewer: no ViewerLocaleProvider above this part of the gallery.");
  return v;
}
