// The preview frame's side of the editor → frame messages. Loaded only in preview mode, so the
// message schema (zod) never reaches a viewer's first-load JavaScript.
import "@/lib/browser/zod-config";
import { PREVIEW_READY, stateFromMessage, type GalleryViewState } from "@/lib/services/galleries/rules/gallery-preview";

/** Follows state messages from this page's own origin and its parent; tells the parent it is ready. */
export function listenForPreviewState(onState: (state: GalleryViewState) => void): () => void {
  const onMessage = (event: MessageEvent) => {
    if (event.origin !== window.location.origin || event.source !== window.parent) return;
    const next = stateFromMessage(event.data);
    if (next) onState(next);
  };
  window.addEventListener("message", onMessage);
  if (window.parent !== window) window.parent.postMessage({ type: PREVIEW_READY }, window.location.origin);
  return () => window.removeEventListener("message", onMessage);
}
