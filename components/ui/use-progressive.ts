"use client";
// How many of a long list to render now: `step` more after each task until all are shown, so a
// thousand rows never make one long task (a commit of a thousand review threads, with its layout,
// took 134–186 ms: bench/review). The guest's review list uses it (the studio's is virtualised).
// Rows added to a list already shown appear at the next task.
import { useEffect, useState } from "react";

export function useProgressive(total: number, step = 40): number {
  const [shown, setShown] = useState(() => Math.min(total, step));
  useEffect(() => {
    if (shown >= total) return;
    const timer = setTimeout(() => setShown((s) => Math.min(total, s + step)), 0);
    return () => clearTimeout(timer);
  }, [shown, total, step]);
  return Math.min(shown, total);
}
