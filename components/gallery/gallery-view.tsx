"use client";
import { lazy, Suspense, useEffect, useState } from "react";
import { GalleryPage } from "@/components/gallery/gallery-page";
import type { GalleryViewState } from "@/lib/services/galleries/rules/gallery-preview";
import type { GalleryStudio } from "@/lib/contract/public";

type Props = { initial: GalleryViewState; studio: GalleryStudio; preview: boolean; expiresAt?: string | null };

// The expired note: its own chunk, fetched when a watched gallery expires.
const ExpiredNotice = lazy(() => import("@/components/gallery/expired-notice"));

/** setTimeout's longest delay; later expiries are re-checked when the timer fires. */
const MAX_DELAY = 2 ** 31 - 1;

/**
 * The gallery page. In preview mode (the studio's editor frame) it also shows whatever unsaved
 * state the editor sends, accepting messages only from this page's own origin and its parent.
 * A viewer's page that reaches its expiry while open turns into the expired notice.
 */
export function GalleryView({ initial, studio, preview, expiresAt = null }: Props) {
  const [state, setState] = useState(initial);
  const [expired, setExpired] = useState(false);

  useEffect(() => {
    if (!preview) return;
    let stop: (() => void) | undefined;
    let live = true;
    void import("@/components/gallery/preview-listener").then(({ listenForPreviewState }) => {
      if (live) stop = listenForPreviewState(setState);
    });
    return () => {
      live = false;
      stop?.();
    };
  }, [preview]);

  useEffect(() => {
    if (preview || !expiresAt) return;
    const at = Date.parse(expiresAt);
    let timer: ReturnType<typeof setTimeout>;
    const check = () => {
      const left = at - Date.now();
      if (left <= 0) setExpired(true);
      else timer = setTimeout(check, Math.min(left, MAX_DELAY));
    };
    check();
    return () => clearTimeout(timer);
  }, [preview, expiresAt]);

  if (expired) {
    const brand = {
      name: studio.name,
      logoUrl: studio.logoUrl,
      look: state.look,
      fonts: { heading: state.fheading, body: state.fbody },
      background: state.background.imgUrl,
      contact: studio,
    };
    return (
      <Suspense fallback={null}>
        <ExpiredNotice studio={brand} title={state.title} slug={state.slug ?? state.galleryId ?? ""} />
      </Suspense>
    );
  }
  return <GalleryPage state={state} studio={studio} preview={preview} expiresAt={expiresAt} onState={preview ? undefined : setState} />;
}
