// A real worker (`scripts/worker.ts`) in its own process, for tests that kill one mid-job.
import { spawn, type ChildProcess } from "node:child_process";

/** node itself (with tsx as a loader), so that killing it kills the worker, not a wrapper. */
export function startWorkerProcess(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ["--import", "tsx", "scripts/worker.ts"], {
    env: { ...process.env, TSX_TSCONFIG_PATH: "tsconfig.worker.json", ...env },
    stdio: process.env.DEBUG_WORKERS ? "inherit" : "ignore",
  });
}
