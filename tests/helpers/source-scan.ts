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

/** A file's syntax tree (TSX for .tsx/.jsx). */
export const parseSource = (fileName: string, text: string) => ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, fileName.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);

/** The text of a string or template literal (a template's literal parts joined by spaces), else null. */
export function literalText(node: ts.Node): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(" ");
  return null;
}
