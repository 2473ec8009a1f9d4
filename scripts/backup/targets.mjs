// Which database and which store a backup or restore works on, resolved as the launcher resolves
// them: DATABASE_URL and S3_* when set, otherwise the embedded services in VIDFOLIO_DATA_DIR
// (.data): the running ones when the app runs, else started for the command and stopped after.
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { startPostgres, startS3, freePort, embeddedPostgresUrl, embeddedS3Env, storeSecret } from "../embedded.mjs";
import { storeFromEnv } from "./store.mjs";

const runningSchema = z.object({ pid: z.number().int(), s3: z.object({ endpoint: z.string().url(), bucket: z.string() }).optional() });

/** `p` relative to the project when inside it, else absolute. */
function shown(root, p) {
  const relative = path.relative(root, p);
  return relative && !relative.startsWith("..") ? relative : p;
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e.code === "EPERM"; // alive, but another user's (Postgres runs as `postgres` under root)
  }
}

/** The port of the PostgreSQL running on the cluster in `dir`, from its postmaster.pid, if any. */
function runningPostgresPort(dir) {
  const file = path.join(dir, "postmaster.pid");
  if (!fs.existsSync(file)) return null;
  const lines = fs.readFileSync(file, "utf8").split("\n");
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  return Number.isInteger(pid) && pid > 0 && alive(pid) && port > 0 ? port : null;
}

/** The endpoint of the store a running launcher serves (scripts/launch.mjs writes running.json). */
function runningStore(dataDir) {
  const file = path.join(dataDir, "running.json");
  if (!fs.existsSync(file)) return null;
  let json;
  try {
    json = JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return null; // a launcher killed while writing it: nothing is known to run
  }
  const parsed = runningSchema.safeParse(json);
  return parsed.success && parsed.data.s3 && alive(parsed.data.pid) ? parsed.data.s3 : null;
}

/**
 * `{ databaseUrl, store, notes, running, stop }` for `purpose` "backup" or "restore". A backup
 * refuses to create an embedded cluster (there would be nothing to back up); a restore may (a
 * fresh machine).
 */
export async function resolveTargets({ root, env = process.env, purpose }) {
  const dataDir = path.resolve(root, env.VIDFOLIO_DATA_DIR || ".data");
  const stops = [];
  const notes = [];
  let running = false; // an embedded service was found running: the app most likely is
  const stop = async () => {
    for (const s of stops.reverse()) await s().catch(() => {});
  };
  try {
    let databaseUrl = env.DATABASE_URL;
    if (!databaseUrl) {
      const dir = path.join(dataDir, "postgres");
      const port = runningPostgresPort(dir);
      if (port) {
        running = true;
        databaseUrl = embeddedPostgresUrl(port);
        notes.push(`embedded PostgreSQL running in ${shown(root, dir)} (port ${port})`);
      } else if (purpose === "backup" && !fs.existsSync(path.join(dir, "PG_VERSION"))) {
        throw new Error(`Nothing to back up: DATABASE_URL is not set and there is no embedded database in ${dir}.`);
      } else {
        const pg = await startPostgres({ dir, port: await freePort() });
        stops.push(pg.stop);
        databaseUrl = pg.url;
        notes.push(`embedded PostgreSQL in ${shown(root, dir)}, started for this command`);
      }
    }
    let store;
    if (env.S3_ENDPOINT || env.S3_BUCKET) {
      store = storeFromEnv(env);
    } else {
      const live = runningStore(dataDir);
      if (live) {
        running = true;
        store = storeFromEnv(embeddedS3Env(live.endpoint, live.bucket, storeSecret(path.join(dataDir, "s3"))));
        notes.push(`embedded store running at ${live.endpoint}`);
      } else {
        const dir = path.join(dataDir, "s3");
        const s3 = await startS3({ dir, port: await freePort() });
        stops.push(s3.stop);
        store = storeFromEnv(s3.env);
        notes.push(`embedded store in ${shown(root, dir)}, started for this command`);
      }
    }
    return { databaseUrl, store, notes, running, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}
