"use client";
import { useEffect, useLayoutEffect, useRef, type RefObject } from "react";
import { isReadyMessage, PREVIEW_STATE, type GalleryViewState } from "@/lib/services/galleries/rules/gallery-preview";

function post(frame: HTMLIFrameElement | null, state: GalleryViewState): void {
  frame?.contentWindow?.postMessage({ type: PREVIEW_STATE, state }, window.location.origin);
}

/**
 * Sends the editor's current state to the preview frame whenever it changes, and again whenever
 * the frame (re)loads and says it is ready. Messages go to, and come from, our own origin only.
 */
export function usePreviewFrame(frame: RefObject<HTMLIFrameElement | null>, state: GalleryViewState) {
  const latest = useRef(state);
  useLayoutEffect(() => {
    latest.current = state;
  });

  useEffect(() => post(frame.current, state), [frame, state]);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== frame.current?.contentWindow) return;
      if (isReadyMessage(event.data)) post(frame.current, latest.current);
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, [frame]);
}
