// A drawing's size (lib/services/review/rules/drawing.ts): the points rule the schema refuses by and the pad stops at.
import { DRAWING_MAX_POINTS, drawingPoints } from "@/lib/services/review/rules/drawing";
import { drawingSchema } from "@/lib/validation/comments";

const stroke = (n: number) => ({ kind: "freehand" as const, points: Array.from({ length: n }, (_, i): [number, number] => [i / n, 0.5]) });
const arrow = { kind: "arrow" as const, from: [0, 0] as [number, number], to: [1, 1] as [number, number] };

describe("drawing limits", () => {
  it("counts a stroke's points and two for an arrow or a box", () => {
    expect(drawingPoints([stroke(10), arrow, { kind: "rect" }])).toBe(14);
  });

  it("takes a drawing of exactly DRAWING_MAX_POINTS and refuses one more", () => {
    expect(drawingSchema.safeParse({ shapes: [stroke(DRAWING_MAX_POINTS - 2), arrow] }).success).toBe(true);
    expect(drawingSchema.safeParse({ shapes: [stroke(DRAWING_MAX_POINTS - 1), arrow] }).success).toBe(false);
  });
});
