"use client";
import { useSyncExternalStore } from "react";

const MINUTE_MS = 60_000;

/**
 * The browser's clock to the minute, moving on by itself each minute; null during the server render
 * and hydration (the server's time is not the viewer's). For what is counted from now: days left.
 */
export function useNow(): number | null {
  return useSyncExternalStore(
    (change) => {
      const timer = setInterval(change, MINUTE_MS);
      return () => clearInterval(timer);
    },
    () => Math.floor(Date.now() / MINUTE_MS) * MINUTE_MS,
    () => null,
  );
}
