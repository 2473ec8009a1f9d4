"use client";
import { useState } from "react";

const focused = (): HTMLElement | null =>
  typeof document !== "undefined" && document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;

/**
 * Our dialogs open from state, not from a Radix `Dialog.Trigger`, so Radix has no trigger to give
 * focus back to on close. This remembers what had focus when the dialog opened — read while
 * rendering the opening, before a field inside can focus itself — and returns focus there on close
 * (if that element is still on the page). Pass the dialog's `open`; a dialog mounted only while
 * open passes nothing.
 */
export function useReturnFocus(open = true) {
  const [opener, setOpener] = useState<HTMLElement | null>(() => (open ? focused() : null));
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    // React's "adjust state while rendering" pattern: runs once per opening, before commit.
    setWasOpen(open);
    if (open) setOpener(focused());
  }
  return {
    onCloseAutoFocus: (event: Event) => {
      if (opener?.isConnected) {
        event.preventDefault();
        opener.focus();
      }
    },
  };
}
