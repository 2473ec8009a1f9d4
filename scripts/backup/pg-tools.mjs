// The PostgreSQL client tools (pg_dump, pg_restore): where they are, which version they are, and
// how they connect. The connection goes through libpq's environment variables, so the password
// never appears on a command line (visible to every user in a process listing).
import path from "node:path";
import { spawn, spawnSync } from "node:child_process";
import { z } from "zod";

const postgresUrl = z
  .string({ message: "DATABASE_URL is not set" })
  .url({ message: "DATABASE_URL must be a postgres:// URL" })
  .refine((u) => /^postgres(ql)?:$/.test(new URL(u).protocol), { message: "DATABASE_URL must be a postgres:// URL" });

/** The URL with its password replaced by ***, for messages. */
export function maskUrl(url) {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    return "(not a valid URL)";
  }
}

// Query parameters of a connection URL that libpq understands, and its variable for each. Others
// (Prisma's `schema`, `connection_limit`…) mean nothing to pg_dump and are left out.
const LIBPQ_PARAMS = {
  host: "PGHOST",
  port: "PGPORT",
  sslmode: "PGSSLMODE",
  sslrootcert: "PGSSLROOTCERT",
  sslcert: "PGSSLCERT",
  sslkey: "PGSSLKEY",
  connect_timeout: "PGCONNECT_TIMEOUT",
  options: "PGOPTIONS",
  application_name: "PGAPPNAME",
};

/** libpq's environment for `url` (host, port, user, password, database and TLS settings). */
export function libpqEnv(url) {
  const u = new URL(postgresUrl.parse(url));
  const vars = {
    PGHOST: u.hostname.replace(/^\[(.*)\]$/, "$1"),
    PGPORT: u.port || "5432",
    PGUSER: decodeURIComponent(u.username),
    PGPASSWORD: decodeURIComponent(u.password),
    PGDATABASE: decodeURIComponent(u.pathname.slice(1)),
  };
  for (const [key, value] of u.searchParams) if (LIBPQ_PARAMS[key]) vars[LIBPQ_PARAMS[key]] = value;
  return Object.fromEntries(Object.entries(vars).filter(([, v]) => v));
}

/** Where a tool is run from: PG_BIN_DIR when set (for example /usr/lib/postgresql/17/bin), else PATH. */
const toolPath = (name) => (process.env.PG_BIN_DIR ? path.join(process.env.PG_BIN_DIR, name) : name);

const installHint = (major) =>
  `Install the PostgreSQL client tools, version ${major} or newer (Debian/Ubuntu: apt-get install postgresql-client-${major}, ` +
  `or postgresql-client when the distribution's version is new enough; macOS: brew install libpq), ` +
  `or set PG_BIN_DIR to the directory holding them.`;

/** The tool's version, or an error saying how to install it when it is missing. */
export function toolVersion(name, neededMajor) {
  const r = spawnSync(toolPath(name), ["--version"], { encoding: "utf8" });
  if (r.error) {
    const where = process.env.PG_BIN_DIR ? `in PG_BIN_DIR (${process.env.PG_BIN_DIR})` : "on PATH";
    throw new Error(`${name} was not found ${where}. ${installHint(neededMajor)}`);
  }
  const m = /\(PostgreSQL\)\s+(\d+)(?:\.(\d+))?/.exec(r.stdout);
  if (r.status !== 0 || !m) throw new Error(`${name} --version failed: ${(r.stderr || r.stdout).trim()}`);
  return { major: Number(m[1]), text: `${m[1]}${m[2] ? `.${m[2]}` : ""}` };
}

/** Fails unless the tool's major version is at least `neededMajor` (`why` says what needs it). */
export function requireTool(name, neededMajor, why) {
  const version = toolVersion(name, neededMajor);
  if (version.major < neededMajor) {
    throw new Error(`${name} ${version.text} is too old: ${why} needs ${name} ${neededMajor} or newer. ${installHint(neededMajor)}`);
  }
  return version;
}

/** Runs a tool against the database at `url`; resolves with what it wrote to stderr (warnings). */
export function runTool(name, args, url) {
  return new Promise((resolve, reject) => {
    const child = spawn(toolPath(name), args, { env: { ...process.env, ...libpqEnv(url) }, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (d) => (stderr += d));
    child.once("error", reject);
    child.once("close", (code) => {
      if (code === 0) resolve(stderr.trim());
      else reject(new Error(`${name} failed (exit ${code}):\n${stderr.trim()}`));
    });
  });
}
