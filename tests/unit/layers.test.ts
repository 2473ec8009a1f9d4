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

/** The fixture tree: each file's imports, the wrong ones marked by the rule that must refuse them. */
const TREE: Record<string, string> = {
  "tsconfig.json": JSON.stringify({ compilerOptions: { allowJs: true, module: "esnext", moduleResolution: "bundler", jsx: "react-jsx", paths: { "@/*": ["./*"] } } }),
  "generated/prisma/client.ts": "export type Admin = { id: string };\nexport const Prisma = {};\n",
  "generated/prisma/enums.ts": 'export const Plan = { FREE: "FREE" } as const;\n',
  // Doors: may import services, components and everything below.
  "app/page.tsx":
    'import { listInvites } from "@/lib/services/invites";\nimport { Guests } from "@/components/guests";\nexport default async function Page() { return Guests(await listInvites()); }\n',
  "proxy.ts": 'import { CACHEABLE_HEADER } from "@/server/constants.cjs";\nexport const h = CACHEABLE_HEADER;\n',
  // components-no-services: a type counts too.
  "components/guests.tsx":
    'import type { InviteDto } from "@/lib/services/invites";\nimport type { Dto } from "@/lib/page-props/invites";\nexport const Guests = (x: InviteDto[] | Dto[]) => x.length;\n',
  "components/button.tsx": "export const Button = () => null;\n",
  // client-no-server-only: a server-only module (by its mark, or a service, or lib/db.ts) and server/.
  "components/locked.tsx":
    '"use client";\nimport { db } from "@/lib/db";\nimport { signedUrl } from "@/lib/storage/urls";\nimport { FRONT_HEADER } from "@/server/constants.cjs";\nimport { unlock } from "@/lib/browser/public-gates";\nimport { LANGS } from "@/lib/viewer-language.cjs";\nexport const x = [db, signedUrl, FRONT_HEADER, unlock, LANGS];\n',
  "lib/browser/public-gates.ts": 'import type { Content } from "@/lib/gallery-preview";\nexport const unlock = (c: Content) => c;\n',
  // services-no-doors (a component, a door helper); lib-no-browser; below: an adapter, pure modules.
  "lib/services/invites.ts":
    'import "server-only";\nimport { Button } from "@/components/button";\nimport { currentActor } from "@/lib/auth/actor";\nimport type { Content } from "@/lib/browser/public-gates";\nimport { signedUrl } from "@/lib/storage/urls";\nimport type { Actor } from "@/lib/actor";\nimport type { Dto } from "@/lib/page-props/invites";\nexport type InviteDto = Dto;\nexport const listInvites = async (a?: Actor, c?: Content): Promise<Dto[]> => [String(Button), String(currentActor), signedUrl, String(a), String(c)];\n',
  "lib/auth/actor.ts": 'import "server-only";\nimport { listInvites } from "@/lib/services/invites";\nexport const currentActor = listInvites;\n',
  // adapters-no-services
  "lib/storage/urls.ts": 'import "server-only";\nimport { listInvites } from "@/lib/services/invites";\nexport const signedUrl = String(listInvites);\n',
  "lib/db.ts": "export const db = {};\n",
  // server-runtime-only: server/'s runtime (not its contract) from outside server/.
  "lib/request-id.ts": 'import { REQUEST_ID_HEADER } from "@/server/constants.cjs";\nimport { cache } from "@/server/front-cache.cjs";\nexport const r = [REQUEST_ID_HEADER, cache];\n',
  "server/constants.cjs": 'module.exports = { CACHEABLE_HEADER: "c", FRONT_HEADER: "f", REQUEST_ID_HEADER: "r" };\n',
  "server/front-cache.cjs": 'const { LANGS } = require("../lib/viewer-language.cjs");\nconst { FRONT_HEADER } = require("./constants.cjs");\nmodule.exports = { cache: [LANGS, FRONT_HEADER] };\n',
  // Pure modules: each other, the enums, the Prisma client's types; pure-only-pure and pure-prisma-types-only.
  "lib/viewer-language.cjs": 'module.exports = { LANGS: ["en"] };\n',
  "lib/actor.ts": 'import type { Admin } from "@/generated/prisma/client";\nexport type Actor = Admin;\n',
  "lib/page-props/invites.ts": 'import type { Actor } from "@/lib/actor";\nexport type Dto = string | Actor["id"];\n',
  "lib/gallery-preview.ts": 'import { Plan } from "@/generated/prisma/enums";\nimport { LANGS } from "@/lib/viewer-language.cjs";\nexport type Content = typeof Plan | typeof LANGS;\n',
  "lib/format.ts": 'import { db } from "@/lib/db";\nexport const f = db;\n',
  "lib/texts/labels.ts": 'import { Prisma } from "@/generated/prisma/client";\nexport const l = Prisma;\n',
};

/** What the config must refuse in TREE: rule, from, to. Nothing else. */
const WRONG = [
  ["adapters-no-services", "lib/storage/urls.ts", "lib/services/invites.ts"],
  ["client-no-server-only", "components/locked.tsx", "lib/db.ts"],
  ["client-no-server-only", "components/locked.tsx", "lib/storage/urls.ts"],
  ["client-no-server-only", "components/locked.tsx", "server/constants.cjs"],
  ["components-no-services", "components/guests.tsx", "lib/services/invites.ts"],
  ["lib-no-browser", "lib/services/invites.ts", "lib/browser/public-gates.ts"],
  ["pure-only-pure", "lib/format.ts", "lib/db.ts"],
  ["pure-prisma-types-only", "lib/texts/labels.ts", "generated/prisma/client.ts"],
  ["server-runtime-only", "lib/request-id.ts", "server/front-cache.cjs"],
  ["services-no-doors", "lib/services/invites.ts", "components/button.tsx"],
  ["services-no-doors", "lib/services/invites.ts", "lib/auth/actor.ts"],
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
  const args = [CLI, "app", "components", "lib", "server", "proxy.ts", "--config", ".dependency-cruiser.cjs", "--no-cache", "--output-type", "json"];
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
  const rules = (require(CONFIG) as { forbidden: { name: string }[] }).forbidden.map((r) => r.name).sort();
  expect([...new Set(WRONG.map((w) => w.split(" ")[0]))].sort()).toEqual(rules);
});
