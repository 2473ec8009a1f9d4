"use client";
// Downloads of a gallery with a download PIN: a download link's click hands the link to
// the PIN flow (components/gallery/pin-dialog.tsx, fetched only then: the page stays light), which
// asks the server whether this browser must give the PIN and starts the download, at once or once
// the PIN is right. Without a PIN the links work as plain links.
import { lazy, Suspense, useCallback, useState } from "react";

const PinFlow = lazy(() => import("@/components/gallery/pin-dialog"));

/** A download link's click handler. */
export type DownloadClick = (e: React.MouseEvent<HTMLAnchorElement>) => void;

/**
 * `gallery`: the gallery's custom url or id, when its downloads ask for a PIN (else null: no
 * handler, plain links). Returns the links' click handler and the flow to render.
 */
export function useDownloadPin(gallery: string | null): { onDownload: DownloadClick | undefined; dialog: React.ReactNode } {
  const [waiting, setWaiting] = useState<string | null>(null);
  const done = useCallback(() => setWaiting(null), []);
  if (!gallery) return { onDownload: undefined, dialog: null };

  const onDownload: DownloadClick = (e) => {
    // A new tab or window, or a save-as, is the browser's: the door answers it.
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    setWaiting(e.currentTarget.href);
  };

  const dialog = waiting ? (
    <Suspense fallback={null}>
      <PinFlow key={waiting} gallery={gallery} href={waiting} onDone={done} />
    </Suspense>
  ) : null;
  return { onDownload, dialog };
}
