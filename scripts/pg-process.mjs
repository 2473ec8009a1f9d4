// Runs the embedded PostgreSQL in a process of its own (for fault tests and benchmarks that stop
// and start it). Usage: node scripts/pg-process.mjs <dir> <port> [database]. Prints
// `{ "DATABASE_URL": … }` as one JSON line once it accepts connections; SIGTERM stops it cleanly.
import { startPostgres, freePort, onStopSignal } from "./embedded.mjs";

const [dir, portArg, database = "vidfolio"] = process.argv.slice(2);
const pg = await startPostgres({ dir, port: Number(portArg) || (await freePort()), database });
console.log(JSON.stringify({ DATABASE_URL: pg.url }));
onStopSignal(async () => {
  await pg.stop();
  process.exit(0);
});
