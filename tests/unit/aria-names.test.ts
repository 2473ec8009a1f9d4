// A name (aria-label, aria-labelledby) on an element without a role is prohibited by ARIA: a <div>,
// <span>, <p>, <b>, <i> or <u> is "generic" and cannot be named, so screen readers ignore it and axe
// reports it as serious. The insights panel's loading placeholder was one (a <div aria-label>, caught
// by the a11y browser test only when the panel was still loading as axe ran); this checks every
// component and page for the whole class, whatever the timing.
import ts from "typescript";
import { parseSource, readSource, sourceFiles } from "../helpers/source-scan";

const GENERIC = new Set(["div", "span", "p", "b", "i", "u", "em", "strong", "small"]);
const NAMES = new Set(["aria-label", "aria-labelledby"]);

function namedGenerics(file: string, text = readSource(file)): string[] {
  const source = parseSource(file, text);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) && ts.isIdentifier(node.tagName) && GENERIC.has(node.tagName.text)) {
      const attrs = node.attributes.properties.filter(ts.isJsxAttribute).map((a) => a.name.getText(source));
      const spread = node.attributes.properties.some(ts.isJsxSpreadAttribute);
      if (!spread && !attrs.includes("role") && attrs.some((a) => NAMES.has(a))) {
        const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
        found.push(`${file}:${line + 1} <${node.tagName.text}>`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

it("no element without a role carries a name (aria-label or aria-labelledby on a <div>, <span>, <p> …)", () => {
  const files = sourceFiles(["app", "components", "pages"], /\.tsx$/);
  expect(files.length).toBeGreaterThan(50);
  expect(files.flatMap((f) => namedGenerics(f))).toEqual([]);
});

it("finds one when there is one, and not when it has a role or is an element that may be named", () => {
  const at = (jsx: string) => namedGenerics("x.tsx", `export const X = () => (\n${jsx}\n);`);
  expect(at(`<div className="h-32" aria-busy="true" aria-label="Loading" />`)).toEqual(["x.tsx:2 <div>"]);
  expect(at(`<span aria-labelledby="t">x</span>`)).toEqual(["x.tsx:2 <span>"]);
  expect(at(`<div role="status" aria-label="Loading" />`)).toEqual([]);
  expect(at(`<section aria-label="Films">x</section>`)).toEqual([]);
  expect(at(`<button aria-label="Close">x</button>`)).toEqual([]);
});
