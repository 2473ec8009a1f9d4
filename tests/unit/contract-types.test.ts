// The answer check at compile time (lib/http/index.ts `route()`): a handler's return is held to its door's
// declared answer schema (lib/contract). `npx tsc` fails when one of the @ts-expect-error lines
// below stops being an error; the test itself only makes the file a suite.
import type { HandlerOf } from "@/lib/http";
import type { doors } from "@/lib/contract";
import { PUBLIC_DOWNLOAD_PATH, PUBLIC_VIEWS_PATH, publicPath } from "@/lib/contract/paths";

type RemoveFolder = HandlerOf<typeof doors.folders.remove>;
type Chapters = HandlerOf<typeof doors.chapters.list>;
type Download = HandlerOf<typeof doors.videos.download>;

export const right: RemoveFolder[] = [() => ({ message: "Folder deleted." }), async () => ({ message: "Folder deleted." })];
// A date goes on the wire as its ISO string: a Date where the schema says string is right.
export const dated: Chapters = () => ({ chapters: [] });

// @ts-expect-error a field the answer does not have, and the one it needs missing
export const wrongField: RemoveFolder = () => ({ msg: "Folder deleted." });
// @ts-expect-error a number where the answer says string
export const wrongType: RemoveFolder = async () => ({ message: 42 });
// @ts-expect-error a plain Response is not a checked JSON answer (json() of it, or errorResponse())
export const untyped: RemoveFolder = () => new Response("{}");
// A raw answer (a redirect) returns its Response.
export const redirect: Download = () => Response.redirect("https://example.com/", 302);

// The public gallery's path builder takes exactly its template's names (lib/contract/paths.ts).
export const publicPaths = () => [
  publicPath(PUBLIC_DOWNLOAD_PATH, { videoId: "v1" }),
  publicPath(PUBLIC_VIEWS_PATH),
  // @ts-expect-error a template with a name needs its value
  publicPath(PUBLIC_DOWNLOAD_PATH),
  // @ts-expect-error a name the template does not have
  publicPath(PUBLIC_DOWNLOAD_PATH, { slug: "our-day" }),
];

it("is checked by the compiler", () => {
  expect([...right, dated, wrongField, wrongType, untyped, redirect, publicPaths].every((h) => typeof h === "function")).toBe(true);
});
