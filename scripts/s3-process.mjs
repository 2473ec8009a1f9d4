// Runs the embedded S3-compatible store in a process of its own (for benchmarks, so the store and
// its client do not share one thread; for fault tests that stop and start it). Usage:
// node scripts/s3-process.mjs <dir> [port]. Prints its settings as one JSON line, then serves.
import { startS3, freePort, onStopSignal } from "./embedded.mjs";

const [dir, portArg] = process.argv.slice(2);
const s3 = await startS3({ dir, port: Number(portArg) || (await freePort()), appUrls: [process.env.APP_URL] });
console.log(JSON.stringify(s3.env));
onStopSignal(async () => {
  await s3.stop();
  process.exit(0);
});
