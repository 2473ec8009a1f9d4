// `npm run worker`: processes uploaded videos (and other background jobs). Run as many as you like
// against one database; `npm run dev` starts one beside the app.
import { startWorker } from "@/lib/worker/worker";
import { log } from "@/lib/log";

async function main() {
  process.env.VIDFOLIO_SERVICE ??= "worker";
  const worker = await startWorker();
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, async () => {
      log().info("worker stopping after the running job");
      await worker.stop();
      process.exit(0);
    });
  }
}

main().catch((e) => {
  log().fatal({ err: e }, "worker could not start");
  process.exit(1);
});
