// The layers' arrows, checked by dependency-cruiser in `npm run lint` (so a wrong arrow is a red CI;
// docs/architecture/layers.md). The layers, each importing only those after it:
//
//   doors (app/, pages/, proxy.ts) → components/ → lib/services/<domain>/ (through its index.ts) →
//   adapters (lib/{storage,media,mail,payments,security,jobs}/) → pure modules
//
// The service layer is grouped by domain: each lib/services/<domain>/ has one entry, index.ts, that
// is all other folders' code may import, and a rules/ folder of its pure rules, which any layer
// (components and the browser too) may import file by file. Which domain may call which is the
// DOMAIN_CALLS table below. Beside the layers: the browser's own code (lib/browser/, and every
// 'use client' module), and server/, the production server's runtime (plain CommonJS Node loads as
// it is). tests/unit/layers.test.ts feeds every rule one wrong import and sees it refused.
// @ts-check
"use strict";

const crypto = require("node:crypto");
const fs = require("node:fs");
const path = require("node:path");

/** What the lint cruises (package.json "lint:layers" names the same); tests/ are not layered. */
const SOURCES = ["app", "components", "lib", "pages", "server", "proxy.ts", "instrumentation.ts", "packages/sdk/src"];

/** The service layer's domains (lib/services/<domain>/). */
const DOMAINS = ["access", "films", "galleries", "review", "guests", "money", "platform", "studio", "data", "public", "customers"];
/**
 * Which other domains a domain's code may call, through their entries. A domain not named is out of
 * bounds: a new arrow between domains is a decision, written here, not an accident of an import.
 */
const DOMAIN_CALLS = {
  access: ["platform", "public", "review"],
  films: ["access", "galleries", "money", "platform", "public", "review"],
  galleries: ["films", "public"],
  review: ["access", "galleries", "guests", "platform", "public"],
  guests: ["access", "galleries", "platform", "public"],
  money: ["access", "films", "platform", "public"],
  platform: ["access", "money", "public"],
  studio: ["access", "films", "public"],
  data: ["films", "money", "platform"],
  public: ["access", "galleries", "review"],
  customers: ["galleries"],
};

/**
 * Pure modules: rules both sides use, no I/O (no database, store, network, configuration, browser).
 * They import only each other, npm packages that do no I/O, and the generated enums (the Prisma
 * client's types with `import type` only). Every domain's rules/ folder is pure; so are the wire
 * (contract/, validation/), the texts, the pages' props, the viewer's catalogues and lib/'s shared
 * rules.
 */
const PURE = ["^lib/services/[^/]+/rules/", "^lib/(contract|validation|texts|page-props|viewer-i18n)/", "^lib/(error-codes|format|ids|limits|routes)\\.ts$", "^lib/auth/scope\\.ts$"];
/** What a pure module may import besides another pure module. */
const PURE_MAY_IMPORT = ["^generated/prisma/enums", "^node_modules/(zod|date-fns|@vidstack/react)/"];

/** A domain's services: everything in its folder but its pure rules. */
const SERVICES = "^lib/services/[^/]+/(?!rules/)";
/** A domain's inside: what only the domain itself may import (all but its entry and its rules). */
const DOMAIN_INSIDE = "^lib/services/[^/]+/(?!index\\.ts$|rules/)";
const ADAPTERS = "^lib/(storage|media|mail|payments|security|jobs)/";
/** The doors' own helpers: the acting account from a request, the route wrappers, next-auth. */
const DOOR_HELPERS = ["^lib/http/index\\.ts$", "^lib/auth/(actor|pages|options|sign-in-door)\\.ts$"];
/** server/'s contract with the app: the headers and settings both sides agree on, the socket stamp the app reads. */
const SERVER_CONTRACT = "^server/(constants|socket-address|page-cache-state)\\.cjs$";

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** The project's TypeScript and JavaScript files under `dirs`, relative to the root. */
const sourceFiles = (dirs, root = __dirname) =>
  dirs
    .filter((d) => fs.existsSync(path.join(root, d)))
    .flatMap((d) =>
      fs
        .readdirSync(path.join(root, d), { recursive: true, encoding: "utf8" })
        .filter((f) => /\.(tsx?|c?js|mjs)$/.test(f))
        .map((f) => `${d}/${f.split(path.sep).join("/")}`),
    );
/** Modules whose first statement is the given directive or import, as a path pattern. */
function modulesWith(files, test, root = __dirname) {
  const hits = files.filter((f) => test(fs.readFileSync(path.join(root, f), "utf8")));
  return hits.length ? `^(${hits.map(escape).join("|")})$` : "^$";
}
const FILES = sourceFiles(["app", "components", "lib", "pages"]);
/** Client modules: 'use client' (the App Router's boundary) — they run in the browser. */
const CLIENT = [modulesWith(FILES, (src) => /^(\s*\/\/[^\n]*\n|\s*\/\*[\s\S]*?\*\/)*\s*["']use client["']/.test(src)), "^lib/browser/"];
/** Server-only modules: they say so (`import "@/lib/server-only"`, or the `server-only` package in app/), or they are services. */
const SERVER_ONLY = [modulesWith(FILES, (src) => /^import ["'](server-only|@\/lib\/server-only)["'];?$/m.test(src)), SERVICES, "^lib/(db|env|log|server-only)\\.ts$", "^lib/http/"];

/** @type {import('dependency-cruiser').IConfiguration["forbidden"]} */
const forbidden = [
  {
    name: "domain-entry-only",
    comment: "Outside a domain's folder, only its entry (index.ts) and its pure rules/ may be imported: the rest is the domain's own business.",
    severity: "error",
    from: { pathNot: "^lib/services/[^/]+/" },
    to: { path: DOMAIN_INSIDE },
  },
  {
    name: "domain-entry-only-between-domains",
    comment: "A domain reaches another only through that domain's entry (index.ts) or its pure rules/.",
    severity: "error",
    from: { path: "^lib/services/([^/]+)/" },
    to: { path: DOMAIN_INSIDE, pathNot: "^lib/services/$1/" },
  },
  ...DOMAINS.map((domain) => ({
    name: `domain-calls-${domain}`,
    comment: `The ${domain} domain calls only the domains DOMAIN_CALLS names for it (${DOMAIN_CALLS[domain].join(", ") || "none"}).`,
    severity: /** @type {const} */ ("error"),
    from: { path: `^lib/services/${domain}/(?!rules/)` },
    to: { path: `^lib/services/(?!(${[domain, ...DOMAIN_CALLS[domain]].join("|")})/)[^/]+/index\\.ts$` },
  })),
  {
    name: "components-no-services",
    comment: "Components show what a door gave them and call the API; what they need of a domain is in its rules/ (pure), the contract's types or lib/page-props/.",
    severity: "error",
    from: { path: "^components/" },
    to: { path: SERVICES },
  },
  {
    name: "services-no-doors",
    comment: "Services are called by doors and the worker, never the other way: no page, route, component or door helper.",
    severity: "error",
    from: { path: SERVICES },
    to: { path: ["^(app|pages|components)/", "^(proxy|instrumentation)\\.ts$", ...DOOR_HELPERS, "^lib/worker/"] },
  },
  {
    name: "adapters-no-services",
    comment: "Storage, media, mail, payments, security and the job queue are below the services: they return facts, a service decides.",
    severity: "error",
    from: { path: ADAPTERS },
    to: { path: [SERVICES, "^lib/worker/", ...DOOR_HELPERS] },
  },
  {
    name: "pure-only-pure",
    comment: "A pure module (no I/O) imports only pure modules: move the I/O to its caller, or the module out of the pure set.",
    severity: "error",
    from: { path: PURE },
    to: { pathNot: [...PURE, ...PURE_MAY_IMPORT, "^generated/prisma/"] },
  },
  {
    name: "pure-prisma-types-only",
    comment: "A pure module names the Prisma client's types with `import type`, never loads the client.",
    severity: "error",
    from: { path: PURE },
    to: { path: "^generated/prisma/(?!enums)", dependencyTypesNot: ["type-only"] },
  },
  {
    name: "lib-no-browser",
    comment: "lib/browser/ is the browser's code: the rest of lib/ (server and pure) never imports it; a type both need lives in a pure module.",
    severity: "error",
    from: { path: "^lib/", pathNot: "^lib/browser/" },
    to: { path: "^lib/browser/" },
  },
  {
    name: "server-runtime-only",
    comment: "server/ is the production server's runtime: nothing else imports it but its contract (constants.cjs, socket-address.cjs); a rule both need lives in lib/ and server/ requires it.",
    severity: "error",
    from: { pathNot: "^server/" },
    to: { path: "^server/", pathNot: SERVER_CONTRACT },
  },
  {
    name: "sdk-no-app-code",
    comment: "The SDK (packages/sdk) is shipped to integrations and speaks to the app over HTTP only: it imports its own files, its npm packages and Node's, never the app's code.",
    severity: "error",
    from: { path: "^packages/sdk/" },
    to: { pathNot: ["^packages/sdk/", "^node_modules/"], dependencyTypesNot: ["core"] },
  },
  {
    name: "client-no-server-only",
    comment: "Client code ('use client' modules, lib/browser/) runs in the browser: it never imports a server-only module, a service or the server's runtime.",
    severity: "error",
    from: { path: CLIENT },
    to: { path: [...SERVER_ONLY, "^server/"] },
  },
];

/**
 * The cache is kept per rule set: dependency-cruiser reuses its last verdicts when no source file
 * changed, even when the rules (or the lists of client and server-only modules above) did.
 */
const rulesHash = crypto.createHash("sha256").update(JSON.stringify(forbidden)).digest("hex").slice(0, 12);

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden,
  options: {
    includeOnly: { path: [...SOURCES.map((s) => `^${escape(s)}`), "^generated/", "^node_modules/"] },
    doNotFollow: { path: ["^node_modules/", "^generated/"] },
    // `import type` counts: a component that names a service's type still depends on the service.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".cjs", ".mjs", ".json"],
    },
    cache: { folder: `node_modules/.cache/dependency-cruiser/${rulesHash}`, strategy: "content" },
  },
};
