// Validated configuration. A missing or malformed variable stops the server with a message that
// names it. Server-only: never import this from a client component.
import "@/lib/server-only";
import { z } from "zod";

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: z.string().url({ message: "DATABASE_URL must be a postgres:// URL" }),
  AUTH_SECRET: z.string().min(16, { message: "AUTH_SECRET (or NEXTAUTH_SECRET) must be at least 16 characters" }),
  APP_URL: z.string().url().default("http://localhost:3000"),
  GALLERY_BASE_URL: z.string().url().optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().default("us-east-1"),
  S3_BUCKET: z.string().min(1).default("vidfolio"),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(["true", "false"]).optional(),
  CDN_BASE_URL: z.string().url().optional(),
  /** Where players turn when the media host fails (spec §7); defaults to the store itself when a CDN is set. */
  MEDIA_FALLBACK_BASE_URL: z.string().url().optional(),
  /** CloudFront signing of media addresses on CDN_BASE_URL and MEDIA_FALLBACK_BASE_URL (media is private). */
  CDN_KEY_PAIR_ID: z.string().min(1).optional(),
  CDN_PRIVATE_KEY: z.string().min(1).optional(),
  SUPERADMIN_EMAIL: z.string().email().optional(),
  SUPERADMIN_PASSWORD: z.string().min(8).optional(),
}).superRefine((e, ctx) => {
  // Media addresses are signed: a CDN (or a fallback distribution) needs the key to sign them with.
  for (const name of ["CDN_BASE_URL", "MEDIA_FALLBACK_BASE_URL"] as const) {
    if (e[name] && !(e.CDN_KEY_PAIR_ID && e.CDN_PRIVATE_KEY)) ctx.addIssue({ code: "custom", path: ["CDN_KEY_PAIR_ID"], message: `${name} needs CDN_KEY_PAIR_ID and CDN_PRIVATE_KEY (a CloudFront key pair: media addresses are signed, docs/operations.md)` });
  }
});

export type Env = z.infer<typeof schema>;

function load(): Env {
  const parsed = schema.safeParse({
    ...process.env,
    AUTH_SECRET: process.env.AUTH_SECRET ?? process.env.NEXTAUTH_SECRET,
    APP_URL: process.env.APP_URL ?? process.env.NEXTAUTH_URL,
  });
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return parsed.data;
}

let cached: Env | undefined;
/** The configuration, validated on first use. */
export function env(): Env {
  return (cached ??= load());
}
