"use client";
import { useSyncExternalStore } from "react";

/**
 * Whether `iso` is in the past by the browser's clock, and becomes so by itself when the moment
 * passes (checked every 30 s). False during the server render and hydration, and for no date.
 */
export function usePast(iso: string | null): boolean {
  const at = iso ? Date.parse(iso) : NaN;
  return useSyncExternalStore(
    (change) => {
      if (Number.isNaN(at)) return () => {};
      const timer = setInterval(change, 30_000);
      return () => clearInterval(timer);
    },
    () => !Number.isNaN(at) && at <= Date.now(),
    () => false,
  );
}
