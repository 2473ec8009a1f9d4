// The production build the browser tests run against (scripts/e2e-server.mjs, scripts/test-all.mjs).
// Built without the runtime settings, as a real deployment builds: no page may need them then.
import path from "node:path";
import { spawnSync } from "node:child_process";

/** Runs `next build` in `root`; returns its exit status (0 when built). */
export function buildApp(root) {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(DATABASE_URL|AUTH_SECRET|NEXTAUTH_SECRET|S3_.*)$/.test(k)));
  const build = spawnSync(path.join(root, "node_modules/.bin/next"), ["build"], { cwd: root, env: { ...env, NEXT_TELEMETRY_DISABLED: "1" }, stdio: "inherit" });
  return build.status ?? 1;
}
