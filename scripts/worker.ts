// `npm run worker`: processes uploaded videos (and other background jobs). Run as many as you like
// against one database; `npm run dev` starts one beside the app.
import { startWorker } from "@/lib/jobs/worker";

async function main() {
  const worker = await startWorker();
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, async () => {
      console.info("[worker] stopping after the running job…");
      await worker.stop();
      process.exit(0);
    });
  }
}

main().catch((e) => {
  console.error("[worker] could not start:", e);
  process.exit(1);
});
