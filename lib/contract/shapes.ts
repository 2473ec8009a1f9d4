// The small shapes every area's answers use (lib/contract/*.ts): dates, a message, an address,
// examples. An answer's own shapes, and its type (`type X = z.output<typeof xShape>`), live in its
// area's file: the route's handler is checked against them at compile time (lib/http/index.ts `route()`),
// in tests every answer is parsed with them, and the services, components and browser code name
// their types (with `import type`), so a drift fails. Dates travel as ISO strings.
import { z } from "zod";

export const date = z.string().describe("ISO 8601 date-time");
export const nullableDate = date.nullable();

export const messageAnswer = z.object({ message: z.string() });

/** Values the reference's examples use (door() `example`): an id, and a stored object's key under a studio, folder and gallery. */
export const EXAMPLE = {
  id: "0190f6d2-8f4e-7c3a-9b1d-2e5f6a7b8c9d",
  key: "0190f6d2-1a2b-7c3d-8e4f-5a6b7c8d9e0f/0190f6d2-2b3c-7d4e-9f5a-6b7c8d9e0f1a/0190f6d2-3c4d-7e5f-8a6b-7c8d9e0f1a2b/m3x1kq2a9f04c1d2_first-dance.mp4",
};
export const urlAnswer = z.object({ url: z.string() });

/** A studio's social links (its account, and the public gallery's footer). */
export const socialLinksShape = z.object({ youtube: z.string(), instagram: z.string(), facebook: z.string() });

/** An ISO date-time field that says what moment it is (its description keeps the format's). */
export const dateOf = (what: string) => z.string().describe(`ISO 8601 date-time: ${what}`);
