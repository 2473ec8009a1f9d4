// Validated configuration: every environment variable the app, the proxy and the worker read goes
// through here (the production server's own runtime reads its few in server/constants.cjs; the
// launcher, the seed and the test and bench scripts theirs). A missing or malformed variable stops
// with a message that names it and says what it must be. An empty value counts as unset.
// docs/operations.md ("Configuration") and .env.example list the same variables with the same
// defaults (tests/unit/env.test.ts keeps the three in step). Server-only: never import this from a
// client component.
import "@/lib/server-only";
import { z } from "zod";

const url = (name: string) => z.string().url({ message: `${name} must be a URL` });
const whole = (name: string, min: number, fallback: number) =>
  z.coerce
    .number({ message: `${name} must be a number` })
    .int({ message: `${name} must be a whole number` })
    .min(min, { message: `${name} must be at least ${min}` })
    .default(fallback);
/** true/false (also on/off, 1/0, yes/no, any case). */
const flag = (name: string, fallback: boolean) =>
  z
    .preprocess((v) => (typeof v === "string" ? v.trim().toLowerCase() : v), z.enum(["true", "false", "on", "off", "1", "0", "yes", "no"], { message: `${name} must be true or false` }).optional())
    .transform((v) => (v === undefined ? fallback : ["true", "on", "1", "yes"].includes(v)));

const LOG_LEVELS = ["trace", "debug", "info", "warn", "error", "fatal", "silent"] as const;

const shape = {
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: z.string().url({ message: "DATABASE_URL must be a postgres:// URL" }),
  AUTH_SECRET: z.string({ message: "AUTH_SECRET (or NEXTAUTH_SECRET) is required" }).min(16, { message: "AUTH_SECRET (or NEXTAUTH_SECRET) must be at least 16 characters" }),
  APP_URL: url("APP_URL").default("http://localhost:3000"),
  GALLERY_BASE_URL: url("GALLERY_BASE_URL").optional(),

  /** How many proxies append to X-Forwarded-For in front of the app: a number, true (one) or false (none). */
  TRUST_PROXY: z.preprocess(
    (v) => {
      const s = typeof v === "string" ? v.trim().toLowerCase() : v;
      return s === undefined || s === "false" ? 0 : s === "true" ? 1 : Number(s);
    },
    z
      .number({ message: "TRUST_PROXY must be the number of proxies in front (0 to 19), true or false" })
      .int({ message: "TRUST_PROXY must be the number of proxies in front (0 to 19), true or false" })
      .min(0, { message: "TRUST_PROXY must be the number of proxies in front (0 to 19), true or false" })
      .max(19, { message: "TRUST_PROXY must be the number of proxies in front (0 to 19), true or false" }),
  ),
  RATE_LIMIT_PER_MINUTE: whole("RATE_LIMIT_PER_MINUTE", 1, 10),
  /** Requests per studio API key per minute; above it a 429 with Retry-After. */
  API_KEY_RATE_LIMIT_PER_MINUTE: whole("API_KEY_RATE_LIMIT_PER_MINUTE", 1, 600),

  S3_ENDPOINT: url("S3_ENDPOINT").optional(),
  S3_REGION: z.string().default("us-east-1"),
  S3_BUCKET: z.string().min(1).default("vidfolio"),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(["true", "false"], { message: "S3_FORCE_PATH_STYLE must be true or false" }).optional(),
  CDN_BASE_URL: url("CDN_BASE_URL").optional(),
  /** Where players turn when the media host fails (spec §7); defaults to the store itself when a CDN is set. */
  MEDIA_FALLBACK_BASE_URL: url("MEDIA_FALLBACK_BASE_URL").optional(),
  /** CloudFront signing of media addresses on CDN_BASE_URL and MEDIA_FALLBACK_BASE_URL (media is private). */
  CDN_KEY_PAIR_ID: z.string().min(1).optional(),
  CDN_PRIVATE_KEY: z.string().min(1).optional(),

  /** Who sells: stripe or test (the local test provider); unset: Stripe when STRIPE_SECRET_KEY is set, else nobody. */
  PAYMENTS_PROVIDER: z.preprocess((v) => (typeof v === "string" ? v.trim().toLowerCase() : v), z.enum(["stripe", "test"], { message: 'PAYMENTS_PROVIDER must be "stripe" or "test"' }).optional()),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_BASE: url("STRIPE_API_BASE").optional(),
  /** The signing secret of a Stripe Connect webhook endpoint (its `account.updated` events), when it is not STRIPE_WEBHOOK_SECRET. */
  STRIPE_CONNECT_WEBHOOK_SECRET: z.string().optional(),
  /** Vidfolio's fee on a client's payment to a studio, in percent (Paid delivery; 0–50, default 0). */
  PLATFORM_FEE_PERCENT: z.coerce
    .number({ message: "PLATFORM_FEE_PERCENT must be a number" })
    .min(0, { message: "PLATFORM_FEE_PERCENT must be 0 to 50" })
    .max(50, { message: "PLATFORM_FEE_PERCENT must be 0 to 50" })
    .default(0),

  /** Storage given once to a newly approved studio, in bytes (2 GB; 0: none), never twice to one email. */
  STARTER_ALLOWANCE_BYTES: whole("STARTER_ALLOWANCE_BYTES", 0, 2147483648),

  RESEND_API_KEY: z.string().optional(),
  MAIL_FROM: z.string().min(3).default("Vidfolio <hello@vidfolio.app>"),

  SUPERADMIN_EMAIL: z.string().email({ message: "SUPERADMIN_EMAIL must be an email address" }).optional(),
  SUPERADMIN_PASSWORD: z.string().min(8, { message: "SUPERADMIN_PASSWORD must be at least 8 characters" }).optional(),

  /**
   * How long an idle database connection of the app's pool is kept (seconds). A connection keeps
   * what PostgreSQL prepared on it (plans, compiled functions): a pool that closed its connections
   * after 10 s of quiet (pg's default) met the next burst with new connections, each planning again.
   */
  DATABASE_POOL_IDLE_SECONDS: whole("DATABASE_POOL_IDLE_SECONDS", 1, 300),
  WORKER_CONCURRENCY: whole("WORKER_CONCURRENCY", 1, 1),
  WORKER_SWEEP: flag("WORKER_SWEEP", true),
  VIDEO_QUEUE_NAME: z
    .string()
    .regex(/^[\w.-]{1,50}$/, { message: "VIDEO_QUEUE_NAME must be letters, digits, _ . - (50 at most)" })
    .default("video-process"),
  QUEUE_MAINTENANCE_SECONDS: whole("QUEUE_MAINTENANCE_SECONDS", 1, 60),
  VIDEO_JOB_EXPIRE_SECONDS: whole("VIDEO_JOB_EXPIRE_SECONDS", 1, 7200),
  VIDEO_JOB_RETRY_DELAY: whole("VIDEO_JOB_RETRY_DELAY", 0, 10),
  VIDEO_RENDITIONS: flag("VIDEO_RENDITIONS", true),
  /** The HLS rungs by their short side (a landscape rung's height, a portrait one's width), lowest first (each 144–4320); a source gets those not above its own short side. */
  HLS_LADDER: z
    .string()
    .default("360,720,1080,1440,2160")
    .transform((v, ctx) => {
      const heights = v.split(",").map((h) => Number(h.trim()));
      if (heights.some((h) => !Number.isInteger(h) || h < 144 || h > 4320))
        ctx.addIssue({ code: "custom", message: "HLS_LADDER must be heights from 144 to 4320, separated by commas (360,720,1080)" });
      return [...new Set(heights)].sort((a, b) => a - b);
    }),
  /** A film at least 4× this long (seconds) has its ladder encoded in chunks of about this length, by any worker (0: never). */
  VIDEO_CHUNK_SECONDS: whole("VIDEO_CHUNK_SECONDS", 0, 30),
  /** Threads per x264 encoder in a ladder run (0: ffmpeg decides). 1 pins a worker to about one core. */
  FFMPEG_THREADS: whole("FFMPEG_THREADS", 0, 0),
  FFMPEG_PATH: z.string().optional(),
  FFPROBE_PATH: z.string().optional(),

  /**
   * Automatic transcripts (lib/services/films/transcripts.ts): any endpoint speaking OpenAI's audio
   * transcription API, its address up to and including /v1 (https://api.openai.com/v1, a local
   * whisper.cpp server's http://127.0.0.1:8080/v1). Unset: the feature is off.
   */
  TRANSCRIBE_BASE_URL: url("TRANSCRIBE_BASE_URL").optional(),
  TRANSCRIBE_API_KEY: z.string().optional(),
  TRANSCRIBE_MODEL: z.string().min(1).default("whisper-1"),
  /** How long one piece's request may take before it is given up (and retried), in seconds. */
  TRANSCRIBE_TIMEOUT_SECONDS: whole("TRANSCRIBE_TIMEOUT_SECONDS", 1, 300),

  /** How often each app process writes the viewers' buffered engagement reports to the database (lib/services/guests/engagement.ts). */
  ENGAGEMENT_FLUSH_SECONDS: whole("ENGAGEMENT_FLUSH_SECONDS", 1, 30),

  /** Webhooks may be delivered to private, loopback and link-local addresses: for tests and development only, never in production. */
  WEBHOOKS_ALLOW_PRIVATE: flag("WEBHOOKS_ALLOW_PRIVATE", false),

  LOG_LEVEL: z.enum(LOG_LEVELS, { message: `LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")}` }).optional(),
  VIDFOLIO_SERVICE: z.string().min(1).default("app"),
};

const schema = z.object(shape).superRefine((e, ctx) => {
  // Media addresses are signed: a CDN (or a fallback distribution) needs the key to sign them with.
  for (const name of ["CDN_BASE_URL", "MEDIA_FALLBACK_BASE_URL"] as const) {
    if (e[name] && !(e.CDN_KEY_PAIR_ID && e.CDN_PRIVATE_KEY))
      ctx.addIssue({ code: "custom", path: ["CDN_KEY_PAIR_ID"], message: `${name} needs CDN_KEY_PAIR_ID and CDN_PRIVATE_KEY (a CloudFront key pair: media addresses are signed, docs/operations.md)` });
  }
});

export type Env = z.infer<typeof schema>;

/** Every variable the schema knows (docs and .env.example list exactly these, plus the runtime's and the scripts'). */
export const ENV_VARIABLES = Object.keys(shape) as (keyof typeof shape)[];
/** Accepted as the same as the variable they name. */
export const ENV_SYNONYMS = { NEXTAUTH_SECRET: "AUTH_SECRET", NEXTAUTH_URL: "APP_URL" } as const;

/** Where values come from: the process's environment, or (tests) any other. */
type Source = Readonly<Record<string, string | undefined>>;

/** Each variable's synonym, by the variable it stands for. */
const SYNONYM_OF: ReadonlyMap<string, string> = new Map(Object.entries(ENV_SYNONYMS).map(([synonym, name]) => [name, synonym]));

/** A variable's value, its synonym's when it has none; undefined when empty. */
function valueOf(source: Source, name: string): string | undefined {
  const synonym = SYNONYM_OF.get(name);
  return source[name] || (synonym ? source[synonym] : undefined) || undefined;
}

/** The raw values, synonyms applied and empty values left out. */
function raw(source: Source): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of ENV_VARIABLES) {
    const value = valueOf(source, name);
    if (value) out[name] = value;
  }
  return out;
}

/** Whether `source` holds the values `seen` was read from (compared in place: nothing is built). */
function unchanged(source: Source, seen: Record<string, string>): boolean {
  for (const name of ENV_VARIABLES) if (valueOf(source, name) !== seen[name]) return false;
  return true;
}

function problems(error: z.ZodError): string {
  return error.issues.map((i) => `  ${String(i.path[0] ?? "")}: ${i.message}`).join("\n");
}

/**
 * A parser of (part of) the configuration, cached until the environment changes (it never does in
 * production; tests change it, and see the change). Called several times per request (an HMAC's
 * secret, the proxy's hosts): the check compares in place, without building the values again
 * (bench/engagement's allocation profile showed the rebuild among a heartbeat's largest costs).
 */
function reader<T>(parse: (values: Record<string, string>) => T): (source?: Source) => T {
  let seen: Record<string, string> | undefined;
  let cached: T;
  return (source = process.env) => {
    if (seen && unchanged(source, seen)) return cached;
    const values = raw(source);
    cached = parse(values);
    seen = values;
    return cached;
  };
}

/** The configuration, validated on first use; throws `Invalid configuration:` with each problem by name. */
export const env = reader((values) => {
  const parsed = schema.safeParse(values);
  if (!parsed.success) throw new Error(`Invalid configuration:\n${problems(parsed.error)}`);
  return parsed.data;
});

const proxySchema = z.object({
  NODE_ENV: shape.NODE_ENV,
  AUTH_SECRET: z.string().default(""),
  APP_URL: shape.APP_URL,
  GALLERY_BASE_URL: shape.GALLERY_BASE_URL,
  S3_ENDPOINT: shape.S3_ENDPOINT,
  S3_REGION: shape.S3_REGION,
  S3_BUCKET: shape.S3_BUCKET,
  S3_FORCE_PATH_STYLE: shape.S3_FORCE_PATH_STYLE,
  CDN_BASE_URL: shape.CDN_BASE_URL,
});

/**
 * The part of the configuration proxy.ts reads (hosts, the session secret, the security headers):
 * it runs in front of every path, including the health check and the error pages, so it must not
 * stop because of a variable only other parts use; those stop the part that needs them.
 */
export const proxyEnv = reader((values) => {
  const parsed = proxySchema.safeParse(values);
  if (!parsed.success) throw new Error(`Invalid configuration:\n${problems(parsed.error)}`);
  return parsed.data;
});

/** Whether cookies are `Secure`: the app is served over https (APP_URL's scheme). */
export function secureCookies(): boolean {
  return proxyEnv().APP_URL.startsWith("https://");
}

const logSchema = z.object({ NODE_ENV: shape.NODE_ENV, LOG_LEVEL: shape.LOG_LEVEL, VIDFOLIO_SERVICE: shape.VIDFOLIO_SERVICE });

/**
 * The logger's settings, on their own: the logger must work (to report the configuration's
 * problems) even while another variable is wrong.
 */
export function logSettings(source: Source = process.env): { level: (typeof LOG_LEVELS)[number]; service: string } {
  const parsed = logSchema.safeParse(raw(source));
  if (!parsed.success) throw new Error(`Invalid configuration:\n${problems(parsed.error)}`);
  const { NODE_ENV, LOG_LEVEL, VIDFOLIO_SERVICE } = parsed.data;
  return { level: LOG_LEVEL ?? (NODE_ENV === "test" ? "silent" : "info"), service: VIDFOLIO_SERVICE };
}

/** The names of the variables that hold secrets (the logger scrubs their values from every line). */
export const SECRET_VARIABLES = [
  "AUTH_SECRET",
  "NEXTAUTH_SECRET",
  "S3_SECRET_ACCESS_KEY",
  "STRIPE_SECRET_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "STRIPE_CONNECT_WEBHOOK_SECRET",
  "RESEND_API_KEY",
  "SUPERADMIN_PASSWORD",
  "CDN_PRIVATE_KEY",
  "TRANSCRIBE_API_KEY",
] as const;
