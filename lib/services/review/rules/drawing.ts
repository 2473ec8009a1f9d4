// A review drawing's size, for the schema that refuses a larger one
// (lib/validation/comments.ts) and the pad that stops before it (components/review/sketch.tsx).
// Pure, no zod: the pad's chunk imports it.

/** Shapes in one drawing. */
export const DRAWING_MAX_SHAPES = 50;
/** Points across one drawing: a freehand stroke's points, 2 for an arrow or a box. */
export const DRAWING_MAX_POINTS = 2000;

/** The points a drawing's shapes count against DRAWING_MAX_POINTS. */
export const drawingPoints = (shapes: readonly ({ kind: "freehand"; points: readonly unknown[] } | { kind: "arrow" | "rect" })[]): number =>
  shapes.reduce((n, s) => n + (s.kind === "freehand" ? s.points.length : 2), 0);
