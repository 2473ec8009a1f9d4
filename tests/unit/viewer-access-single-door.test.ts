// lib/services/access/open-gallery.ts is the one way a viewer's door reaches a gallery or a film (issue 37
// item 1): it names the gallery (custom url or id), reads the film and asks the gallery gate with
// the viewer's credentials. This test parses every source file of the app (TypeScript's parser,
// syntax only) and fails, naming file, line and what to use instead, when anything else
//   - filters a query by a gallery's custom url (a `customUrl` inside a Prisma `where`, a relation
//     filter or an OR/AND/NOT list, or raw SQL comparing "customUrl"), except a check that a name
//     is taken (a count, or a read of the id alone: the studio's side choosing a free custom url);
//   - asks the gate's request form itself or reads its inputs (imports galleryGate, gateFor,
//     resolveGuest, requireOpen or GATE_SELECT from lib/services/access/gate.ts);
//   - is a public door (app/api/public/**, pages/**) that imports the database client.
// The gate's own module defines those; the cached page's form of the gate (pageGate) and the
// download rule, asked after a door opened its gallery or film, are not what this guards.
import ts from "typescript";
import { literalText, parseSource, readSource, sourceFiles } from "../helpers/source-scan";

const OWNER = "lib/services/access/open-gallery.ts";
const GATE = "lib/services/access/gate.ts";
const SCANNED = ["app", "lib", "pages"];
const INSTEAD = `open it with findGallery, openGallery or openFilm from ${OWNER}`;

/** The gate's request form and its inputs: only the owner asks and reads them. */
const GATE_REQUEST = new Set(["galleryGate", "gateFor", "resolveGuest", "requireOpen", "GATE_SELECT"]);
const FILTER_LISTS = new Set(["OR", "AND", "NOT"]);
const PUBLIC_DOOR = /^(app\/api\/public\/|pages\/)/;
const RAW_CUSTOM_URL = /"customUrl"\s*(=|IN\b|LIKE\b|ILIKE\b|<>|!=)/i;

/** Where one file reaches a gallery or a film another way, as "line: what". */
export function otherWaysIn(fileName: string, text: string): string[] {
  const sf = parseSource(fileName, text);
  const found: string[] = [];
  const report = (node: ts.Node, what: string) => found.push(`${sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1}: ${what}`);
  const nameOf = (n: ts.PropertyName | undefined) => (n && (ts.isIdentifier(n) || ts.isStringLiteral(n)) ? n.text : undefined);

  /** A query that only tells whether a name is taken: a count, or a read of the id alone. */
  const existenceCheck = (node: ts.Node): boolean => {
    for (let p: ts.Node | undefined = node.parent; p; p = p.parent) {
      if (!ts.isCallExpression(p)) continue;
      if (!ts.isPropertyAccessExpression(p.expression)) return false;
      if (p.expression.name.text === "count") return true;
      const arg = p.arguments[0];
      if (!arg || !ts.isObjectLiteralExpression(arg)) return false;
      const select = arg.properties.find((q): q is ts.PropertyAssignment => ts.isPropertyAssignment(q) && nameOf(q.name) === "select");
      return !!select && ts.isObjectLiteralExpression(select.initializer) && select.initializer.properties.length === 1 && nameOf(select.initializer.properties[0].name) === "id";
    }
    return false;
  };

  /** Whether an object literal is a query filter: inside a `where`, or an element of an OR/AND/NOT list. */
  const inFilter = (node: ts.ObjectLiteralExpression): boolean => {
    for (let p: ts.Node | undefined = node.parent; p; p = p.parent) {
      if (ts.isPropertyAssignment(p)) {
        const name = nameOf(p.name);
        if (name === "where" || (name && FILTER_LISTS.has(name))) return true;
        if (name === "select" || name === "data" || name === "create" || name === "update" || name === "include") return false;
      }
      if (ts.isCallExpression(p) || ts.isFunctionLike(p)) return false;
    }
    return false;
  };

  const visit = (node: ts.Node) => {
    // { customUrl: ref } in a where, a relation filter (gallery: { customUrl }) or an OR list
    if (ts.isPropertyAssignment(node) || ts.isShorthandPropertyAssignment(node)) {
      const obj = node.parent;
      const value = ts.isPropertyAssignment(node) ? node.initializer : undefined;
      const isFlag = value && (value.kind === ts.SyntaxKind.TrueKeyword || value.kind === ts.SyntaxKind.FalseKeyword);
      if (nameOf(node.name) === "customUrl" && !isFlag && ts.isObjectLiteralExpression(obj) && inFilter(obj) && !existenceCheck(node)) {
        report(node, "filters a query by a gallery's custom url");
      }
    }
    // import { gateFor, requireOpen, … } from "@/lib/services/access/gate" (or the access entry)
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier) && /(^|\/)(gate|lib\/services\/access)$/.test(node.moduleSpecifier.text)) {
      const bindings = node.importClause?.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) report(node, "imports the whole gallery gate");
      if (bindings && ts.isNamedImports(bindings)) {
        const asked = bindings.elements.map((e) => (e.propertyName ?? e.name).text).filter((n) => GATE_REQUEST.has(n));
        if (asked.length) report(node, `asks the gallery gate itself (${asked.join(", ")})`);
      }
    }
    // import { db } from "@/lib/db" in a public door
    if (PUBLIC_DOOR.test(fileName) && ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier) && /(^|\/)lib\/db$/.test(node.moduleSpecifier.text)) {
      report(node, "a public door that queries the database itself");
    }
    // Raw SQL
    const sql = literalText(node);
    if (sql !== null && RAW_CUSTOM_URL.test(sql)) report(node, "raw SQL comparing a gallery's custom url");
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

describe("the scanner finds every other way in", () => {
  it.each([
    ["a gallery read by custom url or id", "lib/services/x.ts", `await db.gallery.findMany({ where: byId ? { OR: [{ id: slug }, { customUrl: slug }] } : { customUrl: slug }, take: 2, include });`],
    ["a film read through its gallery's custom url", "lib/services/x.ts", `await db.video.findFirst({ where: { id: videoId, status: "READY", gallery: { customUrl: ref } } });`],
    ["a filter built in a helper", "lib/services/x.ts", `const viewable = (ref: string) => (isId(ref) ? { OR: [{ id: ref }, { customUrl: ref }] } : { customUrl: ref });`],
    ["a shorthand filter", "lib/services/x.ts", `const g = await db.gallery.findFirst({ where: { customUrl } });`],
    ["a caption reached by its gallery's custom url", "lib/services/x.ts", `await db.caption.findFirst({ where: { id, video: { gallery: { customUrl: ref } } } });`],
    ["the gate asked directly", "lib/services/x.ts", `import { gateFor, requireOpen, type ViewerCredentials } from "@/lib/services/access/gate";`],
    ["the gate's inputs read directly", "lib/services/x.ts", `import { GATE_SELECT, gateSubject } from "@/lib/services/access/gate";`],
    ["the gate under another name", "lib/services/x.ts", `import { galleryGate as decide } from "./gate";`],
    ["a public door with the database", "app/api/public/x/route.ts", `import { db } from "@/lib/db";`],
    ["a page with the database", "pages/v/[lang]/g/[slug].tsx", `import { db } from "@/lib/db";`],
    ["raw SQL", "lib/services/x.ts", 'await db.$queryRaw`SELECT id FROM "Gallery" WHERE "customUrl" = ${ref}`;'],
  ])("%s", (_name, file, code) => {
    expect(otherWaysIn(file, code).length).toBeGreaterThanOrEqual(1);
  });

  it("and leaves selects, writes, shapes, name-is-taken checks and the gate's other forms alone", () => {
    const code = `
      import { downloadGate, pageGate, viewerCredentials, type ViewerCredentials } from "@/lib/services/access/gate";
      import { db } from "@/lib/db";
      const g = await db.gallery.findFirst({ where: { id, adminId: actor.id }, select: { customUrl: true, title: true } });
      const taken = await db.gallery.findUnique({ where: { customUrl: candidate }, select: { id: true } });
      const used = (await db.gallery.count({ where: { customUrl: slug } })) > 0;
      await db.gallery.update({ where: { id }, data: { customUrl: customurl } });
      await tx.gallery.create({ data: { name, customUrl: await freeCustomUrl(name) } });
      const dto = { id: g.id, customUrl: g.customUrl };
      const schema = z.object({ customUrl: customUrlSchema });`;
    expect(otherWaysIn("lib/services/x.ts", code)).toEqual([]);
  });
});

test(`nothing but ${OWNER} opens a gallery or a film for a viewer`, () => {
  const files = sourceFiles(SCANNED, /\.(ts|tsx|mts|cts)$/);
  expect(files.length).toBeGreaterThan(100);
  expect(files).toContain(OWNER);
  const offenders = files.filter((f) => f !== OWNER && f !== GATE).flatMap((f) => otherWaysIn(f, readSource(f)).map((w) => `${f}:${w} — ${INSTEAD}`));
  if (offenders.length) throw new Error(`A viewer's door reaches a gallery or a film another way:\n${offenders.join("\n")}`);
  // The owner really does both (so the scanner is not blind to its own patterns).
  const own = otherWaysIn(OWNER, readSource(OWNER));
  expect(own.some((w) => w.includes("custom url"))).toBe(true);
  expect(own.some((w) => w.includes("gallery gate"))).toBe(true);
});
