// Renders a part of the viewer (components/gallery) the way its pages do: inside the viewer
// locale of one language (English unless said).
import type { ReactElement, ReactNode } from "react";
import { render } from "@testing-library/react";
import { ViewerLocaleProvider } from "@/components/gallery/viewer-locale";
import { viewerLocale } from "@/lib/viewer-i18n";

export function viewerWrapper(lang = "en") {
  const locale = viewerLocale(lang);
  return function ViewerWrapper({ children }: { children: ReactNode }) {
    return <ViewerLocaleProvider locale={locale}>{children}</ViewerLocaleProvider>;
  };
}

export const renderViewer = (ui: ReactElement, lang = "en") => render(ui, { wrapper: viewerWrapper(lang) });
