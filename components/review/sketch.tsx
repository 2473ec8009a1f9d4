"use client";
// Drawing on a film's frame: shapes (freehand, arrow, box) stored as vectors
// normalised to the frame (0–1 on both axes), so they land on the same spot of the picture at any
// size. The frame is the paused video's picture, copied into a canvas of its own aspect ratio (the
// drawing never lands on a letterbox); the shapes are an SVG over it. `SketchPad` draws (pointer:
// mouse, pen or finger), `FrameSketch` shows a comment's drawing over its frame. Used by the guest's
// review panel and the studio's REVIEW tab.
import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent, type RefObject } from "react";
import type { Drawing } from "@/lib/validation/comments";
import { DRAWING_MAX_POINTS, DRAWING_MAX_SHAPES, drawingPoints } from "@/lib/services/review/rules/drawing";

export type Shape = Drawing["shapes"][number];
export type Tool = "freehand" | "arrow" | "rect";
const SKETCH_COLOUR = "#ff3b30";
/** Freehand points closer than this (a fraction of the frame) are one. */
const STEP = 0.004;

/** A post's `drawing`: none for no shapes. */
export const drawingField = (shapes: Shape[]): { drawing?: { shapes: Shape[] } } => (shapes.length > 0 ? { drawing: { shapes } } : {});

const round = (n: number) => Math.round(Math.min(1, Math.max(0, n)) * 10000) / 10000;

/** Copies the frame `video` shows into `canvas`, at the picture's own size; its aspect ratio, or null before it has a picture. */
function paintFrame(canvas: HTMLCanvasElement | null, video: HTMLVideoElement): number | null {
  if (!canvas || !video.videoWidth) return null;
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  canvas.getContext("2d")?.drawImage(video, 0, 0, canvas.width, canvas.height);
  return video.videoWidth / video.videoHeight;
}

/**
 * Paints into `canvas` the frame `video` shows, now and after each seek or load (at `at` only: a
 * comment's frame, the player being taken there by its caller); returns the picture's aspect ratio.
 * A frame is copied only once the video has it (not while seeking, not before its data).
 */
function useFrame(canvas: RefObject<HTMLCanvasElement | null>, video: HTMLVideoElement | null, at: number | null): number {
  const [ratio, setRatio] = useState(16 / 9);
  useEffect(() => {
    if (!video) return;
    const paint = () => {
      if (video.seeking || video.readyState < 2 || (at !== null && Math.abs(video.currentTime - at) > 0.5)) return;
      const r = paintFrame(canvas.current, video);
      if (r !== null) setRatio(r);
    };
    paint();
    for (const e of ["seeked", "loadeddata"]) video.addEventListener(e, paint);
    return () => {
      for (const e of ["seeked", "loadeddata"]) video.removeEventListener(e, paint);
    };
  }, [canvas, video, at]);
  return ratio;
}

/** The shapes as SVG over a 1000×1000 box stretched to the frame (lines keep their width). */
function SketchShapes({ shapes, draft }: { shapes: Shape[]; draft?: Shape | null }) {
  return (
    <svg viewBox="0 0 1000 1000" preserveAspectRatio="none" className="pointer-events-none absolute inset-0 h-full w-full" aria-hidden="true">
      {[...shapes, ...(draft ? [draft] : [])].map((s, i) => {
        const stroke = {
          stroke: s.color ?? SKETCH_COLOUR,
          strokeWidth: 3,
          fill: "none",
          vectorEffect: "non-scaling-stroke" as const,
          strokeLinecap: "round" as const,
          strokeLinejoin: "round" as const,
        };
        if (s.kind === "freehand") return <polyline key={i} points={s.points.map(([x, y]) => `${x * 1000},${y * 1000}`).join(" ")} {...stroke} />;
        const [x1, y1] = [s.from[0] * 1000, s.from[1] * 1000];
        const [x2, y2] = [s.to[0] * 1000, s.to[1] * 1000];
        if (s.kind === "rect") return <rect key={i} x={Math.min(x1, x2)} y={Math.min(y1, y2)} width={Math.abs(x2 - x1)} height={Math.abs(y2 - y1)} {...stroke} />;
        // An arrow: its line and a head of two strokes at `to`, 40 units long, 25° off the line.
        const angle = Math.atan2(y2 - y1, x2 - x1);
        const head = (off: number) => `${x2 - 40 * Math.cos(angle - off)},${y2 - 40 * Math.sin(angle - off)}`;
        return <polyline key={i} points={`${x1},${y1} ${x2},${y2} ${head(0.44)} ${x2},${y2} ${head(-0.44)}`} {...stroke} data-testid="sketch-arrow" />;
      })}
    </svg>
  );
}

/** A comment's drawing over the frame at its time (the caller takes the film there and pauses it). */
function FrameSketch({ video, time, shapes, label }: { video: HTMLVideoElement | null; time: number; shapes: Shape[]; label: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const ratio = useFrame(canvas, video, time);
  return (
    <figure role="img" aria-label={label} className="relative mt-2 w-full overflow-hidden rounded-lg bg-black" style={{ aspectRatio: ratio }} data-testid="frame-sketch">
      <canvas ref={canvas} className="absolute inset-0 h-full w-full" />
      <SketchShapes shapes={shapes} />
    </figure>
  );
}

/**
 * A comment's "Show drawing": the film is taken to the comment's time (through the panel's own seek)
 * and paused, and its frame shown with the drawing over it; "Hide drawing" closes it.
 */
export function CommentDrawing({
  time,
  shapes,
  video,
  onSeek,
  labels,
  className,
}: {
  time: number;
  shapes: Shape[];
  video: () => HTMLVideoElement | null;
  onSeek?: (seconds: number) => void;
  labels: { show: string; hide: string; frame: string };
  className: string;
}) {
  const [shown, setShown] = useState(false);
  return (
    <>
      <button
        type="button"
        aria-expanded={shown}
        onClick={() => {
          if (!shown) {
            onSeek?.(time);
            video()?.pause();
          }
          setShown((v) => !v);
        }}
        className={className}
      >
        {shown ? labels.hide : labels.show}
      </button>
      {shown && <FrameSketch video={video()} time={time} shapes={shapes} label={labels.frame} />}
    </>
  );
}

export type SketchLabels = { pad: string; tools: Record<Tool, string>; undo: string; clear: string };

/** Draws on the paused frame: the shapes so far are `value`; each finished stroke calls `onChange`. */
export function SketchPad({ video, value, onChange, labels }: { video: HTMLVideoElement | null; value: Shape[]; onChange: (shapes: Shape[]) => void; labels: SketchLabels }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const ratio = useFrame(canvas, video, null);
  const [tool, setTool] = useState<Tool>("freehand");
  const [draft, setDraft] = useState<Shape | null>(null);
  const used = drawingPoints(value);

  const at = (e: ReactPointerEvent<HTMLDivElement>): [number, number] => {
    const box = e.currentTarget.getBoundingClientRect();
    return [round((e.clientX - box.left) / box.width), round((e.clientY - box.top) / box.height)];
  };
  const down = (e: ReactPointerEvent<HTMLDivElement>) => {
    // A new shape needs room for at least two points (an arrow's, a box's, a stroke's first line).
    if (value.length >= DRAWING_MAX_SHAPES || used + 2 > DRAWING_MAX_POINTS) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    const p = at(e);
    setDraft(tool === "freehand" ? { kind: "freehand", points: [p], color: SKETCH_COLOUR } : { kind: tool, from: p, to: p, color: SKETCH_COLOUR });
  };
  const move = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (!draft) return;
    const p = at(e);
    if (draft.kind === "freehand") {
      const last = draft.points[draft.points.length - 1];
      if (Math.hypot(p[0] - last[0], p[1] - last[1]) < STEP || used + draft.points.length >= DRAWING_MAX_POINTS) return;
      setDraft({ ...draft, points: [...draft.points, p] });
    } else setDraft({ ...draft, to: p });
  };
  const up = () => {
    if (!draft) return;
    const kept = draft.kind === "freehand" ? draft.points.length >= 2 : Math.hypot(draft.to[0] - draft.from[0], draft.to[1] - draft.from[1]) > 0.01;
    if (kept) onChange([...value, draft]);
    setDraft(null);
  };

  const toolButton = "rounded-full px-3 py-1 text-xs focus-visible:outline-2 focus-visible:outline-white";
  return (
    <div className="flex flex-col gap-2" data-testid="sketch-pad">
      <div role="radiogroup" aria-label={labels.pad} className="flex flex-wrap gap-1.5">
        {(["freehand", "arrow", "rect"] as const).map((t) => (
          <button
            key={t}
            type="button"
            role="radio"
            aria-checked={tool === t}
            onClick={() => setTool(t)}
            className={`${toolButton} ${tool === t ? "bg-white font-semibold text-zinc-950" : "bg-white/10 text-zinc-100 hover:bg-white/20"}`}
          >
            {labels.tools[t]}
          </button>
        ))}
        <button type="button" onClick={() => onChange(value.slice(0, -1))} disabled={value.length === 0} className={`${toolButton} ml-auto bg-white/10 text-zinc-100 disabled:opacity-40`}>
          {labels.undo}
        </button>
        <button type="button" onClick={() => onChange([])} disabled={value.length === 0} className={`${toolButton} bg-white/10 text-zinc-100 disabled:opacity-40`}>
          {labels.clear}
        </button>
      </div>
      <div
        className="relative w-full touch-none overflow-hidden rounded-lg bg-black select-none"
        style={{ aspectRatio: ratio, cursor: "crosshair" }}
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={up}
        onPointerCancel={up}
        data-testid="sketch-surface"
        aria-label={labels.pad}
        role="img"
      >
        <canvas ref={canvas} className="absolute inset-0 h-full w-full" />
        <SketchShapes shapes={value} draft={draft} />
      </div>
    </div>
  );
}
