"use client";
// A film's review comments on its timeline (issue 40 item 2): one marker per thread at its time (a
// range: a bar over its span), across the film's length, each a button that seeks the player there.
// Open threads are bright, resolved ones green, an earlier version's dimmed and labelled "v1". Plain
// positioned elements, no measurement: a thousand markers render in one pass without layout work of
// their own (bench/review). Used by the studio's REVIEW tab and a guest's review panel.
import { memo } from "react";
import { clock } from "@/lib/insights";

export type StripComment = { id: string; time: number; endTime: number | null; version: number; resolved: boolean; author: string };

type Props = {
  comments: StripComment[];
  /** The film's length in seconds (no strip until it is known). */
  duration: number | null;
  /** The film's current version (markers of earlier ones are dimmed). */
  version: number;
  onSeek: (seconds: number) => void;
  /** The strip's name for assistive technology, and a marker's ("Play from 0:12: Anna's comment"). */
  label: string;
  markerLabel: (at: string, author: string, version: number | null) => string;
  tone?: "dark" | "light";
};

/** Rendered again only when its props change (the player's time is not one of them). */
export const CommentStrip = memo(function CommentStrip({ comments, duration, version, onSeek, label, markerLabel, tone = "light" }: Props) {
  if (!duration || duration <= 0 || comments.length === 0) return null;
  const pct = (s: number) => `${Math.min(100, Math.max(0, (s / duration) * 100))}%`;
  const track = tone === "dark" ? "bg-white/15" : "bg-zinc-200";
  return (
    <div role="group" aria-label={label} className="relative h-5 w-full" data-testid="comment-strip">
      <div className={`absolute inset-x-0 top-1/2 h-1 -translate-y-1/2 rounded-full ${track}`} aria-hidden="true" />
      {comments.map((c) => {
        const earlier = c.version !== version;
        const colour = c.resolved ? "bg-emerald-500" : tone === "dark" ? "bg-amber-300" : "bg-amber-500";
        const at = clock(c.time) + (c.endTime !== null ? `–${clock(c.endTime)}` : "");
        const name = markerLabel(at, c.author, earlier ? c.version : null);
        return (
          <button
            key={c.id}
            type="button"
            onClick={() => onSeek(c.time)}
            aria-label={name}
            title={name}
            className={`absolute top-1/2 h-4 min-w-2 -translate-y-1/2 rounded-full ${colour} ${earlier ? "opacity-40" : ""} hover:brightness-110 focus-visible:outline-2 focus-visible:outline-offset-2 ${tone === "dark" ? "focus-visible:outline-white" : "focus-visible:outline-brand-500"}`}
            style={{ left: pct(c.time), width: c.endTime !== null ? `max(0.5rem, calc(${pct(c.endTime)} - ${pct(c.time)}))` : undefined, marginLeft: c.endTime !== null ? 0 : "-0.25rem" }}
            data-testid="comment-marker"
          />
        );
      })}
    </div>
  );
});
