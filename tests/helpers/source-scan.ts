// Reading the app's own source as text, for the tests that guard a rule by its code's shape (the
// credit ledger's single writer, the viewer's single door): the files, each parsed by TypeScript
// (syntax only), and the text of a string or template literal.
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

export const ROOT = path.resolve(__dirname, "../..");

/** The source files below `dirs` (paths relative to the repository, with "/"), skipping node_modules and dot folders. */
export function sourceFiles(dirs: string[], pattern = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    const abs = path.join(ROOT, rel);
    if (!fs.existsSync(abs)) return;
    if (fs.statSync(abs).isFile()) {
      if (pattern.test(rel) && !rel.endsWith(".d.ts")) out.push(rel.split(path.sep).join("/"));
      return;
    }
    for (const entry of fs.readdirSync(abs)) if (entry !== "node_modules" && !entry.startsWith(".")) walk(path.join(rel, entry));
  };
  dirs.forEach(walk);
  return out;
}

export const readSource = (rel: string) => fs.readFileSync(path.join(ROOT, rel), "utf8");

/**
 * A single-writer rule, checked (in a jest test): `scan` ("line: what") finds nothing in any file
 * below `dirs` but `owner`, and finds at least `ownWrites` writes in the owner itself (so the
 * scanner is not blind to the owner's own patterns).
 */
export function expectSingleWriter(dirs: string[], owner: string, scan: (fileName: string, text: string) => string[], ownWrites = 2): void {
  const files = sourceFiles(dirs);
  expect(files.length).toBeGreaterThan(100);
  expect(files.filter((f) => f !== owner).flatMap((f) => scan(f, readSource(f)).map((w) => `${f}:${w}`))).toEqual([]);
  expect(scan(owner, readSource(owner)).length).toBeGreaterThanOrEqual(ownWrites);
}

/** A file's syntax tree (TSX for .tsx/.jsx). */
export const parseSource = (fileName: string, text: string) => ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, fileName.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);

export type Report = (node: ts.Node, what: string) => void;

/** What `check` reports of one file, as "line: what": it is called on every node of the file's syntax tree. */
export function findInSource(fileName: string, text: string, check: (node: ts.Node, report: Report, sf: ts.SourceFile) => void): string[] {
  const sf = parseSource(fileName, text);
  const found: string[] = [];
  const report: Report = (node, what) => found.push(`${sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1}: ${what}`);
  const visit = (node: ts.Node) => {
    check(node, report, sf);
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

/** A property's name when written plainly (`name:` or `"name":`). */
export const propertyName = (n: ts.PropertyName | undefined) => (n && (ts.isIdentifier(n) || ts.isStringLiteral(n)) ? n.text : undefined);

/** Whether a node is a string or template literal whose text matches one of `patterns` (raw SQL). */
export const literalMatches = (node: ts.Node, patterns: RegExp[]) => {
  const text = literalText(node);
  return text !== null && patterns.some((re) => re.test(text));
};

/** The text of a string or template literal (a template's literal parts joined by spaces), else null. */
export function literalText(node: ts.Node): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(" ");
  return null;
}
