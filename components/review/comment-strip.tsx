"use client";
// A film's review comments on its timeline (live review): a marker per thread at its time (a
// range: a bar over its span), across the film's length, each a button that seeks the player there.
// Open threads are bright, resolved ones green, an earlier version's dimmed and labelled "v1".
// Threads closer than one STRIP_SLOTS-th of the film share one marker ("3 comments (Anna, Ben)"):
// markers that overlap cannot be told apart or clicked one by one, and a film with a thousand
// comments draws at most STRIP_SLOTS buttons (bench/review: the REVIEW tab without a long task).
// Plain positioned elements, no measurement. Used by the studio's REVIEW tab and a guest's panel.
// The range a composer is marking (`draft`) is drawn over them as an outlined span.
import { memo } from "react";
import { clock } from "@/lib/services/guests/rules/insights";
import { timelineSpan, type Range } from "@/lib/services/review/rules/range";
import type { CommentDto } from "@/lib/contract/review";

export type StripComment = { id: string; time: number; endTime: number | null; version: number; resolved: boolean; author: string };

/** A thread as the strip takes it, named as the panel names its author. */
export const stripComment = (c: CommentDto, author = c.author.name): StripComment => ({ id: c.id, time: c.time, endTime: c.endTime, version: c.version, resolved: c.resolved, author });

/** The timeline's slots: threads in one slot share a marker. */
export const STRIP_SLOTS = 200;
/** Names a shared marker lists before "+N". */
const NAMES_SHOWN = 3;

export type StripMarker = { key: string; time: number; endTime: number | null; count: number; resolved: boolean; version: number; earlier: boolean; names: string };

/**
 * The markers of a strip: one per slot that has threads, in time order. A shared marker seeks to its
 * first thread, spans to the last range's end, is resolved when all its threads are, and dimmed when
 * all are on earlier versions. Pure (tests/unit/comment-strip.test.ts).
 */
export function stripMarkers(comments: readonly StripComment[], duration: number, version: number, slots = STRIP_SLOTS): StripMarker[] {
  const bySlot = new Map<number, StripComment[]>();
  for (const c of comments) {
    const slot = Math.min(slots - 1, Math.max(0, Math.floor((c.time / duration) * slots)));
    bySlot.set(slot, [...(bySlot.get(slot) ?? []), c]);
  }
  return [...bySlot.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, group]) => {
      const sorted = [...group].sort((a, b) => a.time - b.time);
      const first = sorted[0];
      const ends = sorted.flatMap((c) => (c.endTime !== null ? [c.endTime] : []));
      const authors = [...new Set(sorted.map((c) => c.author))];
      const names = authors.slice(0, NAMES_SHOWN).join(", ") + (authors.length > NAMES_SHOWN ? ` +${authors.length - NAMES_SHOWN}` : "");
      return {
        key: first.id,
        time: first.time,
        endTime: ends.length > 0 ? Math.max(...ends) : null,
        count: sorted.length,
        resolved: sorted.every((c) => c.resolved),
        version: first.version,
        earlier: sorted.every((c) => c.version !== version),
        names,
      };
    });
}

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
  /** A shared marker's ("Play from 1:02: 3 comments (Anna, Ben)"). */
  sharedLabel: (at: string, count: number, names: string) => string;
  tone?: "dark" | "light";
  /** The range the composer is marking, and its name ("Your comment's range: 0:12–0:18"). */
  draft?: { range: Range; label: (at: string) => string } | null;
};

/** Rendered again only when its props change (the player's time is not one of them). */
export const CommentStrip = memo(function CommentStrip({ comments, duration, version, onSeek, label, markerLabel, sharedLabel, tone = "light", draft }: Props) {
  const marking = draft && draft.range.endTime !== null ? draft : null;
  if (!duration || duration <= 0 || (comments.length === 0 && !marking)) return null;
  const track = tone === "dark" ? "bg-white/15" : "bg-zinc-200";
  return (
    <div role="group" aria-label={label} className="relative h-5 w-full" data-testid="comment-strip">
      <div className={`absolute inset-x-0 top-1/2 h-1 -translate-y-1/2 rounded-full ${track}`} aria-hidden="true" />
      {stripMarkers(comments, duration, version).map((m) => {
        const colour = m.resolved ? "bg-emerald-500" : tone === "dark" ? "bg-amber-300" : "bg-amber-500";
        const at = clock(m.time) + (m.endTime !== null ? `–${clock(m.endTime)}` : "");
        const name = m.count > 1 ? sharedLabel(at, m.count, m.names) : markerLabel(at, m.names, m.earlier ? m.version : null);
        const span = timelineSpan(m, duration);
        return (
          <button
            key={m.key}
            type="button"
            onClick={() => onSeek(m.time)}
            aria-label={name}
            title={name}
            className={`absolute top-1/2 h-4 min-w-2 -translate-y-1/2 rounded-full ${colour} ${m.earlier ? "opacity-40" : ""} hover:brightness-110 focus-visible:outline-2 focus-visible:outline-offset-2 ${tone === "dark" ? "focus-visible:outline-white" : "focus-visible:outline-brand-500"}`}
            style={{ left: `${span.left}%`, width: span.width !== null ? `max(0.5rem, ${span.width}%)` : undefined, marginLeft: span.width !== null ? 0 : "-0.25rem" }}
            data-testid="comment-marker"
            data-count={m.count}
            data-span={span.width !== null ? "" : undefined}
          />
        );
      })}
      {marking && <DraftSpan range={marking.range} duration={duration} label={marking.label} tone={tone} />}
    </div>
  );
});

/** The range being marked: an outlined span over the markers (not a button: the composer owns it). */
function DraftSpan({ range, duration, label, tone }: { range: Range; duration: number; label: (at: string) => string; tone: "dark" | "light" }) {
  const span = timelineSpan(range, duration);
  const name = label(`${clock(range.time)}–${clock(range.endTime ?? range.time)}`);
  return (
    <span
      role="img"
      aria-label={name}
      title={name}
      className={`pointer-events-none absolute top-1/2 h-5 -translate-y-1/2 rounded-full border-2 ${tone === "dark" ? "border-sky-300 bg-sky-300/25" : "border-brand-500 bg-brand-500/20"}`}
      style={{ left: `${span.left}%`, width: `max(0.5rem, ${span.width ?? 0}%)` }}
      data-testid="draft-span"
    />
  );
}
