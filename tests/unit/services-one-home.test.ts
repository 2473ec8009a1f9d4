// Helpers the services once wrote several times each have one home (issue 37 item 3). This test
// parses every source file of the app (TypeScript's parser, syntax only) and fails, naming file and
// line, when
//   - one of them is declared (a function, a variable, a type) anywhere but its home;
//   - a transaction's client is typed from Prisma's own name (`Prisma.TransactionClient`) instead
//     of `Tx` from lib/db.ts;
//   - GateRow is written out by hand instead of derived from GATE_SELECT, so the two could drift;
//   - a key a client names is checked by hand (a `startsWith(…)` beside an `includes("..")`)
//     instead of with lib/storage/keys.ts `isKeyUnder`.
import ts from "typescript";
import { findInSource, parseSource, readSource, sourceFiles } from "../helpers/source-scan";

const SCANNED = ["app", "lib", "components", "pages", "scripts", "server", "proxy.ts"];

/** Each helper's one home. */
const HOMES: Record<string, string> = {
  lockStudio: "lib/services/money/credits.ts",
  Tx: "lib/db.ts",
  GateRow: "lib/services/access/gate.ts",
  pageSecondsLeft: "server/constants.cjs",
  isKeyUnder: "lib/storage/keys.ts",
};
const KEY_CHECK_HOME = HOMES.isKeyUnder;
const DERIVED_GATE_ROW = /^Prisma\.GalleryGetPayload<\{\s*select:\s*typeof GATE_SELECT;?\s*\}>$/;

/** What one file declares or writes against the one-home rules, as "line: what". */
export function secondHomes(fileName: string, text: string): string[] {
  const declared = (node: ts.Node): string | undefined => {
    if ((ts.isFunctionDeclaration(node) || ts.isTypeAliasDeclaration(node) || ts.isInterfaceDeclaration(node)) && node.name) return node.name.text;
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name)) return node.name.text;
    return undefined;
  };

  return findInSource(fileName, text, (node, report, sf) => {
    const name = declared(node);
    if (name && Object.hasOwn(HOMES, name) && HOMES[name] !== fileName) report(node, `${name} declared outside its home ${HOMES[name]}`);
    if (name === "GateRow" && ts.isTypeAliasDeclaration(node) && !DERIVED_GATE_ROW.test(node.type.getText(sf).replace(/\s+/g, " "))) {
      report(node, "GateRow written by hand: derive it from GATE_SELECT (Prisma.GalleryGetPayload)");
    }
    if (ts.isQualifiedName(node) && node.right.text === "TransactionClient" && fileName !== HOMES.Tx) report(node, `Prisma.TransactionClient: use Tx from ${HOMES.Tx}`);
    if (fileName !== KEY_CHECK_HOME && ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === "includes") {
      const arg = node.arguments[0];
      if (arg && ts.isStringLiteralLike(arg) && arg.text === "..") {
        // The whole condition this test is part of (a chain of &&, || and !).
        let top: ts.Node = node;
        while (top.parent && (ts.isBinaryExpression(top.parent) || ts.isPrefixUnaryExpression(top.parent) || ts.isParenthesizedExpression(top.parent))) top = top.parent;
        if (/\.startsWith\(/.test(top.getText(sf))) report(node, `a key checked by hand: use isKeyUnder from ${KEY_CHECK_HOME}`);
      }
    }
  });
}

describe("the scanner finds a second home", () => {
  it.each([
    ["a second lockStudio", `export async function lockStudio(tx: Tx, adminId: string) {}`],
    ["a lockStudio as a variable", `const lockStudio = (tx: Tx, id: string) => tx.$queryRaw\`\`;`],
    ["a local Tx", `type Tx = Prisma.TransactionClient;`],
    ["a narrowed Tx", `type Tx = Pick<Prisma.TransactionClient, "auditLog">;`],
    ["an inline transaction client", `export async function f(tx: Prisma.TransactionClient) {}`],
    ["a second pageSecondsLeft", `function pageSecondsLeft(validUntil, now) { return Math.floor((validUntil - now) / 1000) - 1; }`],
    ["a copy of GateRow", `type GateRow = { id: string; passwordHash: string | null };`],
    ["a key checked by hand", 'const isOwnKey = (actor: Actor, key: string) => key.startsWith(`${actor.id}/`) && !key.includes("..");'],
    ["a thumbnail checked by hand", `if (!input.thumbnail.startsWith(prefix) || input.thumbnail.includes("..")) throw bad;`],
  ])("%s", (_name, code) => {
    expect(secondHomes("lib/services/probe.ts", code).length).toBeGreaterThanOrEqual(1);
  });

  it("and leaves uses, other names and other path checks alone", () => {
    const code = `
      import { lockStudio } from "@/lib/services/money/credits";
      import type { Tx } from "@/lib/db";
      await credits.lockStudio(tx, actor.id);
      const left = pageSecondsLeft(validUntil, now);
      if (!isKeyUnder(studioPrefix(actor.id), key)) throw notFound();
      const safe = SAFE_TAIL.test(rest) && !rest.includes("..");
      const audio = q.fileType.startsWith("audio/");`;
    expect(secondHomes("lib/services/probe.ts", code)).toEqual([]);
  });
});

test("each helper has one home", () => {
  const files = sourceFiles(SCANNED);
  expect(files.length).toBeGreaterThan(100);
  const offenders = files.flatMap((f) => secondHomes(f, readSource(f)).map((w) => `${f}:${w}`));
  expect(offenders).toEqual([]);
  // Each home really declares its helper (so a rename does not leave this test guarding nothing).
  for (const [name, home] of Object.entries(HOMES)) {
    const sf = parseSource(home, readSource(home));
    const names: string[] = [];
    const collect = (n: ts.Node) => {
      if ((ts.isFunctionDeclaration(n) || ts.isTypeAliasDeclaration(n)) && n.name) names.push(n.name.text);
      if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name)) names.push(n.name.text);
      ts.forEachChild(n, collect);
    };
    collect(sf);
    expect({ name, declared: names.includes(name) }).toEqual({ name, declared: true });
  }
});
