"use client";
import { useEffect, useRef, useState } from "react";
import { PREVIEW } from "@/lib/limits";

/** Room the studio header and the preview header take above the frame. */
const CHROME_PX = 64 + 120;

/**
 * The frame keeps the device's real width (so the page lays out as on that device) and is scaled
 * down to fit the width it has; the box it shows in is 520–613 px high (spec §9), following the
 * window, and the frame inside is as tall as that box once scaled.
 */
export function useFit(width: number) {
  const box = useRef<HTMLDivElement>(null);
  const [room, setRoom] = useState<{ width: number; height: number } | null>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => setRoom({ width: el.clientWidth, height: window.innerHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    window.addEventListener("resize", measure);
    return () => {
      observer.disconnect();
      window.removeEventListener("resize", measure);
    };
  }, []);

  const height = Math.min(PREVIEW.maxHeight, Math.max(PREVIEW.minHeight, (room?.height ?? 0) - CHROME_PX));
  const scale = room ? Math.min(1, room.width / width) : 1;
  return { box, height, scale, measured: room !== null };
}
