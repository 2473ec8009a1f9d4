// A domain's services reach other domains through their entries (lib/services/<domain>/index.ts),
// and domains call each other both ways (.dependency-cruiser.cjs DOMAIN_CALLS), so entries load in
// cycles. A cycle is harmless while what an entry hands out is only used when a function runs; a
// service that uses another domain's export while its own module is still loading (a constant
// computed at the top of the file from it) reads `undefined` whenever the other entry happens to be
// half-loaded — in the worker, a script or a test that loads that service first. This test parses
// every service module and fails, naming file and line, on such a use at load time. Pure constants
// both need belong in the owning domain's rules/ (pure modules are no entries and load in no cycle).
import ts from "typescript";
import { parseSource, readSource, sourceFiles } from "../helpers/source-scan";

const ENTRY = /^@\/lib\/services\/[a-z-]+$/;

/** Uses, at load time, of a value imported from a domain entry: "line: name". */
export function loadTimeEntryUses(fileName: string, text: string): string[] {
  const sf = parseSource(fileName, text);
  const imported = new Set<string>();
  for (const st of sf.statements) {
    if (!ts.isImportDeclaration(st) || !ts.isStringLiteral(st.moduleSpecifier) || !ENTRY.test(st.moduleSpecifier.text)) continue;
    const clause = st.importClause;
    if (!clause || clause.isTypeOnly) continue;
    if (clause.name) imported.add(clause.name.text);
    const b = clause.namedBindings;
    if (b && ts.isNamespaceImport(b)) imported.add(b.name.text);
    if (b && ts.isNamedImports(b)) for (const e of b.elements) if (!e.isTypeOnly) imported.add(e.name.text);
  }
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    // Bodies run later: functions, methods, accessors, class instance members.
    // A class's `extends` runs at load time (its expression is a type node, but a value read then).
    const extendsValue = ts.isExpressionWithTypeArguments(node) && ts.isHeritageClause(node.parent) && node.parent.token === ts.SyntaxKind.ExtendsKeyword && ts.isClassLike(node.parent.parent);
    if (ts.isFunctionLike(node) || (ts.isTypeNode(node) && !extendsValue) || ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    if (ts.isPropertyDeclaration(node) && !node.modifiers?.some((m) => m.kind === ts.SyntaxKind.StaticKeyword)) return;
    if (ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node)) return;
    if (ts.isIdentifier(node) && imported.has(node.text)) {
      const p = node.parent;
      const isName = (ts.isPropertyAccessExpression(p) && p.name === node) || (ts.isPropertyAssignment(p) && p.name === node);
      if (!isName) found.push(`${sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1}: ${node.text}`);
    }
    ts.forEachChild(node, visit);
  };
  sf.statements.forEach(visit);
  return found;
}

test("the scanner sees a load-time use and leaves uses inside functions alone", () => {
  const code = [
    'import { LIMIT, check, type T } from "@/lib/services/public";',
    'import { own } from "./own";',
    "const PER_HOUR = LIMIT / 24;",
    "export const rules = { max: check(1) };",
    "export function later(t: T) { return check(LIMIT) + own; }",
    "export const lazy = () => LIMIT;",
    "class A { x = LIMIT; static y = LIMIT; }",
    "class B extends check {}",
    "interface C extends T {}",
  ].join("\n");
  expect(loadTimeEntryUses("lib/services/x/y.ts", code)).toEqual(["3: LIMIT", "4: check", "7: LIMIT", "8: check"]);
});

test("no service uses another domain's entry while its own module loads", () => {
  const files = sourceFiles(["lib/services"]).filter((f) => !/\/rules\//.test(f));
  expect(files.length).toBeGreaterThan(60);
  expect(files.flatMap((f) => loadTimeEntryUses(f, readSource(f)).map((u) => `${f}:${u}`))).toEqual([]);
});
