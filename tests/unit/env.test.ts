// The configuration has one schema (lib/env.ts), one template (.env.example) and one table
// (docs/operations.md, "Configuration"); these tests keep the three in step: every variable the
// schema knows is in both with the same default, and every variable they list is either in the
// schema or read, by name, in the one file that owns it (the server runtime, the launcher, the
// seed, the backup scripts, the tests and benches).
import fs from "node:fs";
import path from "node:path";
import { env, ENV_SYNONYMS, ENV_VARIABLES, logSettings, proxyEnv, secureCookies } from "@/lib/env";

const root = path.resolve(__dirname, "../..");
const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8");

/** Variables read outside lib/env.ts, by design, with the file that reads each. */
const READ_ELSEWHERE: Record<string, string> = {
  PORT: "server/constants.cjs",
  FRONT_CACHE: "server/constants.cjs",
  SHARED_CACHE: "server/constants.cjs",
  START_WORKER: "scripts/launch.mjs",
  VIDFOLIO_DATA_DIR: "scripts/launch.mjs",
  EMBEDDED_PG_PORT: "scripts/launch.mjs",
  EMBEDDED_S3_PORT: "scripts/launch.mjs",
  SEED_DEMO: "prisma/seed.ts",
  PG_BIN_DIR: "scripts/backup/pg-tools.mjs",
  PLAYWRIGHT_CHROMIUM_PATH: "playwright.config.ts",
  E2E_PORT: "playwright.config.ts",
  E2E_SKIP_BUILD: "scripts/e2e-server.mjs",
  E2E_REUSE: "playwright.config.ts",
};

/** `# NAME=value` or `NAME=value` lines of .env.example. */
function exampleLines(): Map<string, string> {
  return new Map([...read(".env.example").matchAll(/^#? ?([A-Z][A-Z0-9_]+)=(.*)$/gm)].map((m) => [m[1], m[2].trim()]));
}

/** The configuration table's rows: each named variable with its default cell. */
function docRows(): Map<string, string> {
  const section = read("docs/operations.md")
    .split(/^## Configuration$/m)[1]
    .split(/^## /m)[0];
  const rows = new Map<string, string>();
  for (const line of section.split("\n").filter((l) => l.startsWith("| `"))) {
    const [names, , defaults] = line.split(" | ").map((c) => c.replace(/^\| /, ""));
    for (const m of names.matchAll(/`([A-Z][A-Z0-9_]+)`/g)) rows.set(m[1], defaults);
  }
  return rows;
}

/** The schema's default of a variable, as it would be written in the environment; undefined when it has none. */
function defaultOf(name: string): string | undefined {
  const base = { DATABASE_URL: "postgresql://u:p@127.0.0.1:5432/d", AUTH_SECRET: "x".repeat(32) };
  if (name in base) return undefined;
  const value = (env({ ...base }) as Record<string, unknown>)[name];
  if (value === undefined) return undefined;
  return Array.isArray(value) ? value.join(",") : String(value);
}

describe("configuration", () => {
  it("every variable of the schema is in .env.example and in the docs table, with the same default", () => {
    const example = exampleLines();
    const docs = docRows();
    for (const name of ENV_VARIABLES) {
      expect([name, example.has(name)]).toEqual([name, true]);
      expect([name, docs.has(name)]).toEqual([name, true]);
      const d = defaultOf(name);
      if (d === undefined || name === "NODE_ENV") continue;
      expect([name, example.get(name)]).toEqual([name, d]);
      expect([name, docs.get(name)]).toEqual([name, expect.stringContaining(`\`${d}\``)]);
    }
  });

  it("every variable the template or the table names is in the schema, a synonym, or read by name where the list says", () => {
    const known = new Set<string>([...ENV_VARIABLES, ...Object.keys(ENV_SYNONYMS)]);
    const listed = new Set([...exampleLines().keys(), ...docRows().keys()].filter((n) => !n.startsWith("BENCH_")));
    for (const name of listed) {
      if (known.has(name)) continue;
      const file = READ_ELSEWHERE[name];
      expect([name, file ? "listed" : "neither in the schema nor in READ_ELSEWHERE"]).toEqual([name, "listed"]);
      expect([name, file, read(file).includes(name)]).toEqual([name, file, true]);
    }
  });

  it("nothing in the app reads process.env past lib/env.ts (Next's own NEXT_RUNTIME and NEXT_PHASE aside)", () => {
    const files = ["app", "lib", "components", "pages"].flatMap((dir) => (fs.readdirSync(path.join(root, dir), { recursive: true }) as string[]).map((f) => path.join(dir, f)));
    const offenders = [...files.filter((f) => /\.(ts|tsx)$/.test(f)), "proxy.ts", "instrumentation.ts"]
      .filter((f) => f !== path.join("lib", "env.ts"))
      .filter((f) => /process\.env\.(?!NEXT_RUNTIME\b|NEXT_PHASE\b)[A-Z]|process\.env\[/.test(read(f)));
    expect(offenders).toEqual([]);
  });

  it("a malformed variable stops with a message that names it", () => {
    const base = { DATABASE_URL: "postgresql://u:p@127.0.0.1:5432/d", AUTH_SECRET: "x".repeat(32) };
    const cases: [Record<string, string>, RegExp][] = [
      [{ PAYMENTS_PROVIDER: "paypal" }, /PAYMENTS_PROVIDER must be "stripe" or "test"/],
      [{ TRUST_PROXY: "yes please" }, /TRUST_PROXY must be the number of proxies/],
      [{ RATE_LIMIT_PER_MINUTE: "0" }, /RATE_LIMIT_PER_MINUTE must be at least 1/],
      [{ RATE_LIMIT_PER_MINUTE: "ten" }, /RATE_LIMIT_PER_MINUTE must be a number/],
      [{ HLS_LADDER: "360,huge" }, /HLS_LADDER must be heights/],
      [{ VIDEO_RENDITIONS: "maybe" }, /VIDEO_RENDITIONS must be true or false/],
      [{ LOG_LEVEL: "loud" }, /LOG_LEVEL must be one of/],
      [{ STRIPE_API_BASE: "not a url" }, /STRIPE_API_BASE must be a URL/],
      [{ AUTH_SECRET: "" }, /AUTH_SECRET \(or NEXTAUTH_SECRET\) is required/],
    ];
    for (const [vars, message] of cases) expect(() => env({ ...base, ...vars })).toThrow(message);
    expect(() => logSettings({ LOG_LEVEL: "loud" })).toThrow(/LOG_LEVEL/);
  });

  it("reads values as documented: synonyms, flags, numbers, the ladder, a payments choice in any case", () => {
    const e = env({
      DATABASE_URL: "postgresql://u:p@127.0.0.1:5432/d",
      NEXTAUTH_SECRET: "y".repeat(32),
      NEXTAUTH_URL: "https://studio.example.com",
      PAYMENTS_PROVIDER: " Test ",
      VIDEO_RENDITIONS: "off",
      HLS_LADDER: "1080, 360,720",
      TRUST_PROXY: "true",
      WORKER_SWEEP: "",
    });
    expect(e).toMatchObject({
      AUTH_SECRET: "y".repeat(32),
      APP_URL: "https://studio.example.com",
      PAYMENTS_PROVIDER: "test",
      VIDEO_RENDITIONS: false,
      HLS_LADDER: [360, 720, 1080],
      TRUST_PROXY: 1,
      WORKER_SWEEP: true,
    });
  });

  it("sees a change of the environment (tests change it; production does not), and secureCookies follows APP_URL's scheme", () => {
    const saved = process.env.APP_URL;
    const savedSynonym = process.env.NEXTAUTH_URL;
    try {
      delete process.env.NEXTAUTH_URL;
      process.env.APP_URL = "https://app.example.com";
      expect(secureCookies()).toBe(true);
      expect(proxyEnv().APP_URL).toBe("https://app.example.com");
      process.env.APP_URL = "http://localhost:3000";
      expect(secureCookies()).toBe(false);
      // Unchanged, the same answer (not parsed again); a variable removed, or set by its synonym, is seen.
      expect(proxyEnv()).toBe(proxyEnv());
      delete process.env.APP_URL;
      process.env.NEXTAUTH_URL = "https://synonym.example.com";
      expect(proxyEnv().APP_URL).toBe("https://synonym.example.com");
      delete process.env.NEXTAUTH_URL;
      expect(proxyEnv().APP_URL).toBe("http://localhost:3000");
    } finally {
      if (savedSynonym === undefined) delete process.env.NEXTAUTH_URL;
      else process.env.NEXTAUTH_URL = savedSynonym;
      if (saved === undefined) delete process.env.APP_URL;
      else process.env.APP_URL = saved;
    }
  });
});
