// The browser's calls take their addresses and types from the contract (issue 38 item 1): no file of
// the app's pages, components or browser code writes a door's address by hand (a string or template
// starting with /api/) or calls a hand-typed `api<T>(path)` helper — `apiCall(doors.x.y, …)`, a door's
// `url()`, `publicPath()` and `nextAuthPath()` (lib/contract/paths.ts) build them. Read from the
// sources with TypeScript's parser, so comments and prose do not count.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";

const ROOT = join(__dirname, "../..");
const DIRS = ["app", "components", "pages", "lib/browser"];

/**
 * What truly must stay, `file: reason` (a file that names an address the contract cannot build).
 * Empty today; an entry whose file no longer offends fails the last test, so none outlives its reason.
 */
const ALLOWED: Record<string, string> = {};

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.(ts|tsx|js|mjs)$/.test(e.name) && !e.name.endsWith(".d.ts") ? [path] : [];
  });
}

const HAND_PATH = /^\/api(\/|$)/;

/** Each hand-written address and hand-typed call in a source: `line: what`. */
function offences(file: string, text: string): string[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const at = (node: ts.Node, what: string) => found.push(`${sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1}: ${what}`);
  const visit = (node: ts.Node) => {
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && HAND_PATH.test(node.text)) at(node, `address "${node.text}"`);
    if (ts.isTemplateExpression(node) && HAND_PATH.test(node.head.text)) at(node, `address \`${node.head.text}…\``);
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "api") at(node, "api() call");
    if (ts.isImportDeclaration(node) && node.importClause?.namedBindings && ts.isNamedImports(node.importClause.namedBindings)) {
      for (const el of node.importClause.namedBindings.elements) if ((el.propertyName ?? el.name).text === "api") at(el, "imports api");
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

const FILES = DIRS.flatMap(sources);
const OFFENDING = Object.fromEntries(FILES.map((f) => [f, offences(f, readFileSync(join(ROOT, f), "utf8"))] as const).filter(([, list]) => list.length > 0));

describe("the browser's calls", () => {
  it("reads the app's sources", () => {
    expect(FILES.length).toBeGreaterThan(150);
    expect(FILES).toContain("components/account/api-keys.tsx");
    expect(FILES).toContain("lib/browser/api-client.ts");
  });

  it("write no door's address by hand and call no hand-typed api<T>()", () => {
    const unexplained = Object.entries(OFFENDING)
      .filter(([file]) => !(file in ALLOWED))
      .flatMap(([file, list]) => list.map((o) => `${relative(ROOT, join(ROOT, file))}:${o}`));
    expect(unexplained).toEqual([]);
  });

  it("find each kind of offence, and not the same words in comments", () => {
    const text = [
      'const a = "/api/folder/folders";',
      "const b = `/api/keys/${id}`;",
      "const c = `/api`;",
      'const d = await api<{ x: 1 }>("keys");',
      'import { api as call } from "@/lib/browser/api-client";',
      '// a comment naming "/api/keys" and api("x")',
      "/** `/api/webhooks/:endpointId` */",
      'const e = "/apiary"; const f = doors.keys.url(); const g = client.api("x"); const h = "https://x/api/y";',
    ].join("\n");
    expect(offences("sample.tsx", text)).toEqual(['1: address "/api/folder/folders"', "2: address `/api/keys/…`", '3: address "/api"', "4: api() call", "5: imports api"]);
  });

  it("allow only files that still need it, each with its reason", () => {
    for (const [file, reason] of Object.entries(ALLOWED)) {
      expect(reason.length).toBeGreaterThan(10);
      expect(OFFENDING).toHaveProperty([file]);
    }
  });
});
