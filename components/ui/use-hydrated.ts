"use client";
import { useSyncExternalStore } from "react";

const noop = () => () => {};

/**
 * False during the server render and hydration, true once React runs in the browser. Buttons that
 * need JavaScript stay disabled until then, so an early click is never lost (or, on a form, sent
 * natively with its fields in the URL).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
}
