"use client";
import { formatDateTime } from "@/lib/format";

/** A date shown in the viewer's own time zone, in the studio's format ('Mar 5, 2025 3:07 PM'). */
export function DateTime({ value }: { value: string | Date }) {
  const iso = typeof value === "string" ? value : value.toISOString();
  return (
    <time dateTime={iso} suppressHydrationWarning>
      {formatDateTime(iso)}
    </time>
  );
}
