"use client";
// Downloads of a gallery with a download PIN (issue 21): a download link's click first asks the
// server whether this browser must give the PIN (not when it gave it already, or is a guest who
// may download); if so the PIN dialog (fetched only then: the page stays light) asks for it, and
// the download starts once it is right. Without a PIN the links work as plain links.
import { lazy, Suspense, useState } from "react";
import { downloadPinRequired } from "@/lib/public-client";

const PinDialog = lazy(() => import("@/components/gallery/pin-dialog"));

/** A download link's click handler. */
export type DownloadClick = (e: React.MouseEvent<HTMLAnchorElement>) => void;

/** Starts a download from a link of this page (the server answers it with the file). */
function startDownload(href: string) {
  const a = document.createElement("a");
  a.href = href;
  a.download = "";
  a.hidden = true;
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/**
 * `gallery`: the gallery's custom url or id, when its downloads ask for a PIN (else null: no
 * handler, plain links). Returns the links' click handler and the dialog to render.
 */
export function useDownloadPin(gallery: string | null): { onDownload: DownloadClick | undefined; dialog: React.ReactNode } {
  const [waiting, setWaiting] = useState<string | null>(null);
  if (!gallery) return { onDownload: undefined, dialog: null };

  const onDownload: DownloadClick = (e) => {
    // A new tab or window, or a save-as, is the browser's: the door answers it.
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    const href = e.currentTarget.href;
    void downloadPinRequired(gallery).then((required) => (required ? setWaiting(href) : startDownload(href)));
  };

  const dialog = waiting ? (
    <Suspense fallback={null}>
      <PinDialog
        gallery={gallery}
        onClose={() => setWaiting(null)}
        onGiven={() => {
          setWaiting(null);
          startDownload(waiting);
        }}
      />
    </Suspense>
  ) : null;
  return { onDownload, dialog };
}
