// The layers' arrows (docs/architecture/layers.md) are checked by dependency-cruiser in
// `npm run lint` (.dependency-cruiser.cjs). This test proves each rule bites: it lays out a small
// tree shaped like the app's, where each rule's wrong arrow is drawn once beside arrows that are
// right, runs the real config on it with dependency-cruiser's own command line, and expects
// exactly the wrong arrows back, each under its rule's name.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ROOT } from "../helpers/source-scan";

const CONFIG = path.join(ROOT, ".dependency-cruiser.cjs");
const CLI = path.join(ROOT, "node_modules/dependency-cruiser/bin/dependency-cruise.mjs");

type Rule = { name: string; to: { path?: string } };
const RULES = (require(CONFIG) as { forbidden: Rule[] }).forbidden;
/** The domains, and for each the ones its rule lets it call (read back from the rule's pattern). */
const CALLS = Object.fromEntries(RULES.filter((r) => r.name.startsWith("domain-calls-")).map((r) => [r.name.slice("domain-calls-".length), /\(\?!\(([^)]*)\)\//.exec(r.to.path ?? "")![1].split("|")]));
const DOMAINS = Object.keys(CALLS);
/** For each domain, one domain it may not call: the fixture's wrong arrow for that domain's rule. */
const OUT_OF_BOUNDS = Object.fromEntries(DOMAINS.map((d) => [d, DOMAINS.find((o) => !CALLS[d].includes(o))!]));

/** The fixture tree: each file's imports, the wrong ones marked by the rule that must refuse them. */
const TREE: Record<string, string> = {
  "tsconfig.json": JSON.stringify({ compilerOptions: { allowJs: true, module: "esnext", moduleResolution: "bundler", jsx: "react-jsx", paths: { "@/*": ["./*"] } } }),
  "generated/prisma/client.ts": "export type Admin = { id: string };\nexport const Prisma = {};\n",
  "generated/prisma/enums.ts": 'export const Plan = { FREE: "FREE" } as const;\n',
  // Doors: may import a domain's entry, its rules, components and everything below; not a domain's inside.
  "app/page.tsx":
    'import { listInvites } from "@/lib/services/guests";\nimport { sendInvite } from "@/lib/services/guests/invite-send";\nimport { Guests } from "@/components/guests";\nexport default async function Page() { return Guests(await listInvites(), sendInvite); }\n',
  "proxy.ts": 'import { CACHEABLE_HEADER } from "@/server/constants.cjs";\nimport { isToken } from "@/lib/services/guests/rules/guest-token";\nexport const h = [CACHEABLE_HEADER, isToken];\n',
  // components-no-services: a type counts too; a domain's pure rules are fine.
  "components/guests.tsx":
    'import type { InviteDto } from "@/lib/services/guests";\nimport { isToken } from "@/lib/services/guests/rules/guest-token";\nimport type { Props } from "@/lib/page-props/guests";\nexport const Guests = (x: InviteDto[] | Props[], y?: unknown) => [x.length, isToken, y];\n',
  "components/button.tsx": "export const Button = () => null;\n",
  // client-no-server-only: a server-only module (by its mark, or a service, or lib/db.ts) and server/.
  "components/locked.tsx":
    '"use client";\nimport { db } from "@/lib/db";\nimport { signedUrl } from "@/lib/storage/urls";\nimport { FRONT_HEADER } from "@/server/constants.cjs";\nimport { unlock } from "@/lib/browser/public-gates";\nimport { LANGS } from "@/lib/viewer-i18n/language.cjs";\nexport const x = [db, signedUrl, FRONT_HEADER, unlock, LANGS];\n',
  "lib/browser/public-gates.ts": 'import type { Content } from "@/lib/services/galleries/rules/gallery-preview";\nexport const unlock = (c: Content) => c;\n',
  // A domain: its entry, its services (services-no-doors: a component, a door helper; lib-no-browser), its rules.
  "lib/services/guests/index.ts": 'export { listInvites } from "./invites";\nexport type { InviteDto } from "./invites";\n',
  "lib/services/guests/invites.ts":
    'import "server-only";\nimport { Button } from "@/components/button";\nimport { currentActor } from "@/lib/auth/actor";\nimport type { Content } from "@/lib/browser/public-gates";\nimport { signedUrl } from "@/lib/storage/urls";\nimport type { Actor } from "@/lib/services/access/rules/actor";\nimport type { Props } from "@/lib/page-props/guests";\nexport type InviteDto = Props;\nexport const listInvites = async (a?: Actor, c?: Content): Promise<Props[]> => [String(Button), String(currentActor), signedUrl, String(a), String(c)];\n',
  "lib/services/guests/invite-send.ts": 'import "server-only";\nimport { listInvites } from "./invites";\nexport const sendInvite = listInvites;\n',
  "lib/services/guests/rules/guest-token.ts": 'import { Plan } from "@/generated/prisma/enums";\nexport const isToken = (s: string) => s.length > 0 && Plan.FREE.length > 0;\n',
  // domain-entry-only-between-domains: another domain's inside; its entry is fine.
  "lib/services/access/index.ts": 'export { gate } from "./gate";\n',
  "lib/services/access/gate.ts": 'import "server-only";\nexport const gate = 1;\n',
  "lib/services/review/approvals.ts":
    'import "server-only";\nimport { listInvites } from "@/lib/services/guests";\nimport { sendInvite } from "@/lib/services/guests/invite-send";\nexport const approvals = [listInvites, sendInvite];\n',
  "lib/auth/actor.ts": 'import "server-only";\nimport { listInvites } from "@/lib/services/guests";\nexport const currentActor = listInvites;\n',
  // adapters-no-services
  "lib/storage/urls.ts": 'import "server-only";\nimport { listInvites } from "@/lib/services/guests";\nexport const signedUrl = String(listInvites);\n',
  "lib/db.ts": "export const db = {};\n",
  // server-runtime-only: server/'s runtime (not its contract) from outside server/.
  "lib/http/request-id.ts": 'import { REQUEST_ID_HEADER } from "@/server/constants.cjs";\nimport { cache } from "@/server/front-cache.cjs";\nexport const r = [REQUEST_ID_HEADER, cache];\n',
  "server/constants.cjs": 'module.exports = { CACHEABLE_HEADER: "c", FRONT_HEADER: "f", REQUEST_ID_HEADER: "r" };\n',
  "server/front-cache.cjs": 'const { LANGS } = require("../lib/viewer-i18n/language.cjs");\nconst { FRONT_HEADER } = require("./constants.cjs");\nmodule.exports = { cache: [LANGS, FRONT_HEADER] };\n',
  // Pure modules: each other, the enums, the Prisma client's types; pure-only-pure and pure-prisma-types-only.
  "lib/viewer-i18n/language.cjs": 'module.exports = { LANGS: ["en"] };\n',
  "lib/services/access/rules/actor.ts": 'import type { Admin } from "@/generated/prisma/client";\nexport type Actor = Admin;\n',
  "lib/page-props/guests.ts": 'import type { Actor } from "@/lib/services/access/rules/actor";\nexport type Props = string | Actor["id"];\n',
  "lib/services/galleries/rules/gallery-preview.ts":
    'import { Plan } from "@/generated/prisma/enums";\nimport { LANGS } from "@/lib/viewer-i18n/language.cjs";\nexport type Content = typeof Plan | typeof LANGS;\n',
  "lib/format.ts": 'import { db } from "@/lib/db";\nexport const f = db;\n',
  "lib/services/films/rules/labels.ts": 'import { Prisma } from "@/generated/prisma/client";\nimport { gate } from "@/lib/services/access";\nexport const l = [Prisma, gate];\n',
  // sdk-no-app-code: the SDK's own files, Node's modules, never the app's.
  "packages/sdk/src/client.ts": 'import { readFile } from "node:fs/promises";\nimport { errors } from "./errors";\nimport { f } from "@/lib/format";\nexport const c = [readFile, errors, f];\n',
  "packages/sdk/src/errors.ts": "export const errors = 1;\n",
  // domain-calls-<domain>: each domain calls one domain its row does not name (and its own entry, which is fine).
  ...Object.fromEntries(
    DOMAINS.flatMap((d) => [
      [
        `lib/services/${d}/calls.ts`,
        `import "server-only";\nimport * as own from "@/lib/services/${d}";\nimport * as other from "@/lib/services/${OUT_OF_BOUNDS[d]}";\nexport const calls = [own, other];\n`,
      ],
      ...(d === "guests" || d === "access" ? [] : [[`lib/services/${d}/index.ts`, "export const entry = 1;\n"]]),
    ]),
  ),
};

/** What the config must refuse in TREE: rule, from, to. Nothing else. */
const WRONG = [
  ["adapters-no-services", "lib/storage/urls.ts", "lib/services/guests/index.ts"],
  ["client-no-server-only", "components/locked.tsx", "lib/db.ts"],
  ["client-no-server-only", "components/locked.tsx", "lib/storage/urls.ts"],
  ["client-no-server-only", "components/locked.tsx", "server/constants.cjs"],
  ["components-no-services", "components/guests.tsx", "lib/services/guests/index.ts"],
  ["domain-entry-only", "app/page.tsx", "lib/services/guests/invite-send.ts"],
  ["domain-entry-only-between-domains", "lib/services/review/approvals.ts", "lib/services/guests/invite-send.ts"],
  ["lib-no-browser", "lib/services/guests/invites.ts", "lib/browser/public-gates.ts"],
  ["pure-only-pure", "lib/format.ts", "lib/db.ts"],
  ["pure-only-pure", "lib/services/films/rules/labels.ts", "lib/services/access/index.ts"],
  ["pure-prisma-types-only", "lib/services/films/rules/labels.ts", "generated/prisma/client.ts"],
  ["server-runtime-only", "lib/http/request-id.ts", "server/front-cache.cjs"],
  ["services-no-doors", "lib/services/guests/invites.ts", "components/button.tsx"],
  ["services-no-doors", "lib/services/guests/invites.ts", "lib/auth/actor.ts"],
  ["sdk-no-app-code", "packages/sdk/src/client.ts", "lib/format.ts"],
  ...DOMAINS.map((d) => [`domain-calls-${d}`, `lib/services/${d}/calls.ts`, `lib/services/${OUT_OF_BOUNDS[d]}/index.ts`]),
].map((v) => v.join(" "));

type Violation = { rule: { name: string }; from: string; to: string };

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "layers-"));
  for (const [file, text] of Object.entries(TREE)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  // The config reads the tree it sits in ('use client' and server-only modules): the real one, copied.
  fs.copyFileSync(CONFIG, path.join(dir, ".dependency-cruiser.cjs"));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** dependency-cruiser on the fixture tree, as `npm run lint:layers` runs it: its violations. */
function cruise(): Violation[] {
  const args = [CLI, "app", "components", "lib", "server", "proxy.ts", "packages/sdk/src", "--config", ".dependency-cruiser.cjs", "--no-cache", "--output-type", "json"];
  let out: string;
  try {
    out = execFileSync(process.execPath, args, { cwd: dir, encoding: "utf8", maxBuffer: 32 * 1024 * 1024 });
  } catch (e) {
    // Exit code = the number of violations; the report is on stdout all the same.
    out = (e as { stdout: string }).stdout;
  }
  return (JSON.parse(out) as { summary: { violations: Violation[] } }).summary.violations;
}

test("every rule refuses its wrong arrow, and only the wrong arrows are refused", () => {
  const found = cruise()
    .map((v) => `${v.rule.name} ${v.from} ${v.to}`)
    .sort();
  expect(found).toEqual([...WRONG].sort());
}, 60_000);

test("the fixture draws a wrong arrow for every rule of the config", () => {
  const rules = RULES.map((r) => r.name).sort();
  expect([...new Set(WRONG.map((w) => w.split(" ")[0]))].sort()).toEqual(rules);
});

test("lib/services/ holds only the config's domains, each with its entry; lib/'s root keeps ten files at most", () => {
  const services = path.join(ROOT, "lib/services");
  const entries = fs.readdirSync(services, { withFileTypes: true });
  expect(entries.filter((e) => !e.isDirectory()).map((e) => e.name)).toEqual([]);
  expect(entries.map((e) => e.name).sort()).toEqual([...DOMAINS].sort());
  for (const d of DOMAINS) expect(fs.existsSync(path.join(services, d, "index.ts"))).toBe(true);
  const rootFiles = fs.readdirSync(path.join(ROOT, "lib"), { withFileTypes: true }).filter((e) => e.isFile());
  expect(rootFiles.length).toBeLessThanOrEqual(10);
});
