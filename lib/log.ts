// Structured logs (pino, one JSON object per line on stdout). Every line written while a request or
// a job is being served carries its `requestId` (and `jobId`), taken from an AsyncLocalStorage
// context opened by the route wrappers (lib/http/index.ts) and the worker (lib/worker/worker.ts); the id
// itself is made by proxy.ts, or kept from a trusted load balancer's `x-request-id`.
//
// Secrets never reach a line: fields named like credentials are censored (REDACT_PATHS), and as a
// last net every line is scrubbed of the configured secret values (AUTH_SECRET, the store's and
// the providers' keys, the database password) before it is written.
import { AsyncLocalStorage } from "node:async_hooks";
import os from "node:os";
import pino, { type DestinationStream, type Logger } from "pino";
import { logSettings, SECRET_VARIABLES } from "@/lib/env";

export type LogContext = { requestId?: string; jobId?: string; queue?: string; adminId?: string };

const context = new AsyncLocalStorage<LogContext>();

const CREDENTIAL_FIELDS = [
  "password",
  "newPassword",
  "currentPassword",
  "confirmPassword",
  "passwordHash",
  "token",
  "accessToken",
  "refreshToken",
  "secret",
  "apiKey",
  "authorization",
  "cookie",
  "set-cookie",
  "sessionToken",
  "clientSecret",
  "client_secret",
];

/** Field paths censored wherever they appear (top level, one and two levels down). */
const REDACT_PATHS = CREDENTIAL_FIELDS.flatMap((f) => {
  const key = /^[A-Za-z_$][\w$]*$/.test(f) ? f : `["${f}"]`;
  const at = (prefix: string) => (key.startsWith("[") ? `${prefix}${key}` : `${prefix}.${key}`);
  return [key, at("*"), at("*.*")];
});

/** The configured secret values (and the database URL's password), longest first. */
function secretValues(env: NodeJS.ProcessEnv): string[] {
  const values = SECRET_VARIABLES.map((name) => env[name]).filter((v): v is string => !!v && v.length >= 6);
  for (const name of ["DATABASE_URL", "DIRECT_URL"]) {
    try {
      const password = env[name] ? decodeURIComponent(new URL(env[name]!).password) : "";
      if (password.length >= 6) values.push(password);
    } catch {
      // not a URL: nothing to take from it
    }
  }
  // A value with quotes or backslashes appears JSON-escaped inside a line: scrub both spellings.
  const spellings = values.flatMap((v) => [v, JSON.stringify(v).slice(1, -1)]);
  return [...new Set(spellings)].sort((a, b) => b.length - a.length);
}

/** Replaces every configured secret value in a line by "[redacted]". */
export function scrubSecrets(line: string, secrets: string[]): string {
  let out = line;
  for (const s of secrets) if (out.includes(s)) out = out.split(s).join("[redacted]");
  return out;
}

/** Builds a logger; `destination` defaults to stdout (tests pass their own stream). */
export function createLogger({ level, destination, env = process.env }: { level?: string; destination?: DestinationStream; env?: NodeJS.ProcessEnv } = {}): Logger {
  const secrets = secretValues(env);
  const settings = logSettings(env);
  return pino(
    {
      level: level ?? settings.level,
      base: { service: settings.service, pid: process.pid, hostname: os.hostname() },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACT_PATHS, censor: "[redacted]" },
      serializers: { err: pino.stdSerializers.errWithCause, error: pino.stdSerializers.errWithCause },
      mixin: () => ({ ...context.getStore() }),
      hooks: { streamWrite: (s) => scrubSecrets(s, secrets) },
    },
    destination ?? pino.destination({ dest: 1, sync: true }),
  );
}

const g = globalThis as unknown as { vidfolioLog?: Logger };

/** The process' logger. */
export function log(): Logger {
  return (g.vidfolioLog ??= createLogger());
}

/** Replaces the process' logger (tests capture lines with their own destination). */
export function setLogger(logger: Logger | undefined): void {
  g.vidfolioLog = logger;
}

/** Runs `fn` with these fields added to every line it (and whatever it awaits) logs. */
export function withLogContext<T>(fields: LogContext, fn: () => T): T {
  return context.run({ ...context.getStore(), ...fields }, fn);
}

/** Adds fields to the current context (e.g. the acting studio once it is known). */
export function addLogContext(fields: LogContext): void {
  const store = context.getStore();
  if (store) Object.assign(store, fields);
}

/** The current request's id, if any (carried into jobs so their lines can be joined up). */
export function currentRequestId(): string | undefined {
  return context.getStore()?.requestId;
}

/** Milliseconds spent in each named step of a piece of work, for its "done" line (a step named twice adds up). */
export function stopwatch() {
  let last = performance.now();
  const ms: Record<string, number> = {};
  return {
    ms,
    /** The time since the previous lap (or the start) counts as `step`. */
    lap(step: string) {
      const now = performance.now();
      ms[step] = (ms[step] ?? 0) + Math.round(now - last);
      last = now;
    },
  };
}
export type Stopwatch = ReturnType<typeof stopwatch>;
