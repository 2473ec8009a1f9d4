"use client";
import { useEffect, useState } from "react";
import { GalleryPage } from "@/components/gallery/gallery-page";
import { PREVIEW_READY, stateFromMessage, type GalleryViewState } from "@/lib/gallery-preview";
import type { GalleryStudio } from "@/lib/gallery-types";

type Props = { initial: GalleryViewState; studio: GalleryStudio; preview: boolean; slug?: string; onFirstPlay?: (videoId: string) => void };

/**
 * The gallery page. In preview mode (the studio's editor frame) it also shows whatever unsaved
 * state the editor sends, accepting messages only from this page's own origin and its parent.
 */
export function GalleryView({ initial, studio, preview, slug, onFirstPlay }: Props) {
  const [state, setState] = useState(initial);

  useEffect(() => {
    if (!preview) return;
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== window.parent) return;
      const next = stateFromMessage(event.data);
      if (next) setState(next);
    };
    window.addEventListener("message", onMessage);
    if (window.parent !== window) window.parent.postMessage({ type: PREVIEW_READY }, window.location.origin);
    return () => window.removeEventListener("message", onMessage);
  }, [preview]);

  return <GalleryPage state={state} studio={studio} preview={preview} slug={slug} onFirstPlay={onFirstPlay} />;
}
