"use client";
import { useCallback, useEffect, useLayoutEffect, useRef, type RefObject } from "react";
import { isReadyMessage, PREVIEW_STATE, type GalleryViewState } from "@/lib/gallery-preview";

/**
 * Sends the editor's current state to the preview frame whenever it changes, and again whenever
 * the frame (re)loads and says it is ready. Messages go to, and come from, our own origin only.
 */
export function usePreviewFrame(frame: RefObject<HTMLIFrameElement | null>, state: GalleryViewState) {
  const latest = useRef(state);
  useLayoutEffect(() => {
    latest.current = state;
  });

  const send = useCallback(() => {
    frame.current?.contentWindow?.postMessage({ type: PREVIEW_STATE, state: latest.current }, window.location.origin);
  }, [frame]);

  useEffect(send, [state, send]);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== frame.current?.contentWindow) return;
      if (isReadyMessage(event.data)) send();
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, [frame, send]);
}
