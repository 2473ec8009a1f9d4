// lib/services/money/credits.ts is the only writer of the credit balance (Admin.creditBytes) and of the
// ledger (CreditEntry). This test parses every source file of the app (TypeScript's parser, syntax
// only) and fails, naming file and line, when anything else writes either: a creditEntry
// create/update/upsert/delete, a nested creditEntries write, a creditBytes value in the data of an
// admin create/update/upsert (or in an object typed as an Admin create/update input), an assignment
// to `.creditBytes`, or raw SQL updating the balance or inserting ledger rows.
import ts from "typescript";
import { expectSingleWriter, findInSource, literalMatches, propertyName } from "../helpers/source-scan";

const OWNER = "lib/services/money/credits.ts";
/** Where the app's code lives. (Seed data, test factories and the benches create opening balances directly.) */
const SCANNED = ["app", "lib", "components", "pages", "scripts", "proxy.ts"];

const LEDGER_WRITES = new Set(["create", "createMany", "createManyAndReturn", "update", "updateMany", "updateManyAndReturn", "upsert", "delete", "deleteMany"]);
const ADMIN_WRITES = /\.admin\.(create|createMany|createManyAndReturn|update|updateMany|updateManyAndReturn|upsert)$/;
const NESTED_WRITES = new Set(["create", "createMany", "connectOrCreate", "upsert", "update", "updateMany", "delete", "deleteMany", "set", "connect"]);
const ARITHMETIC = new Set(["increment", "decrement", "set", "multiply", "divide"]);
const ADMIN_INPUT_TYPE = /\bAdmin(Unchecked)?(Create|Update)(Many)?(Mutation)?Input\b/;
const RAW_SQL = [/UPDATE\s+"?Admin"?\s+SET[\s\S]*creditBytes/i, /INSERT\s+INTO\s+"?CreditEntry"?/i, /UPDATE\s+"?CreditEntry"?/i, /DELETE\s+FROM\s+"?CreditEntry"?/i];

const isZero = (e: ts.Expression) =>
  (ts.isNumericLiteral(e) && Number(e.text) === 0) ||
  (ts.isBigIntLiteral(e) && e.text === "0n") ||
  (ts.isCallExpression(e) && e.expression.getText() === "BigInt" && e.arguments.length === 1 && ts.isNumericLiteral(e.arguments[0]) && Number(e.arguments[0].text) === 0);

/** The writes of the balance or the ledger in one file's text, as "line: what". */
export function ledgerWrites(fileName: string, text: string): string[] {
  return findInSource(fileName, text, (node, report, sf) => {
    // db.creditEntry.create(…), tx.creditEntry.upsert(…), …
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      const target = node.expression.expression;
      if (LEDGER_WRITES.has(method) && ts.isPropertyAccessExpression(target) && target.name.text === "creditEntry") report(node, `creditEntry.${method}`);
    }
    if (ts.isPropertyAssignment(node)) {
      const name = propertyName(node.name);
      // creditEntries: { create: … } inside some other model's write
      if (name === "creditEntries" && ts.isObjectLiteralExpression(node.initializer)) {
        const keys = node.initializer.properties.map((p) => propertyName(p.name));
        if (keys.some((k) => k && NESTED_WRITES.has(k))) report(node, "nested creditEntries write");
      }
      if (name === "creditBytes") {
        const value = node.initializer;
        // creditBytes: { increment | decrement | set | … }: a write of whatever model it is on (a
        // filter such as { gte } is not)
        if (ts.isObjectLiteralExpression(value)) {
          if (value.properties.some((p) => ARITHMETIC.has(propertyName(p.name) ?? ""))) report(node, "creditBytes arithmetic");
        } else if (value.kind !== ts.SyntaxKind.TrueKeyword && value.kind !== ts.SyntaxKind.FalseKeyword) {
          for (let p: ts.Node | undefined = node.parent; p; p = p.parent) {
            if (ts.isCallExpression(p)) {
              const callee = p.expression.getText(sf);
              if (ADMIN_WRITES.test(callee) && !(/\.create(Many)?$/.test(callee) && isZero(value))) report(node, `creditBytes in ${callee}`);
              break;
            }
            if (ts.isPropertyAssignment(p) && propertyName(p.name) === "admin") {
              report(node, "creditBytes in a nested admin write");
              break;
            }
            if (ts.isVariableDeclaration(p) && p.type && ADMIN_INPUT_TYPE.test(p.type.getText(sf))) {
              report(node, `creditBytes in a ${p.type.getText(sf)}`);
              break;
            }
          }
        }
      }
    }
    // data.creditBytes = …, data["creditBytes"] = …
    if (ts.isBinaryExpression(node) && node.operatorToken.kind >= ts.SyntaxKind.FirstAssignment && node.operatorToken.kind <= ts.SyntaxKind.LastAssignment) {
      const left = node.left;
      const prop = ts.isPropertyAccessExpression(left) ? left.name.text : ts.isElementAccessExpression(left) && ts.isStringLiteral(left.argumentExpression) ? left.argumentExpression.text : undefined;
      if (prop === "creditBytes") report(node, "assignment to .creditBytes");
    }
    // Raw SQL in strings and templates
    if (literalMatches(node, RAW_SQL)) report(node, "raw SQL writing credits");
  });
}

describe("the scanner finds every kind of credit write", () => {
  it.each([
    ["a ledger create", `await tx.creditEntry.create({ data: { adminId, type: "used", creditBytes: 5n } });`],
    ["a ledger upsert", `db.creditEntry.upsert({ where, create, update });`],
    ["a ledger delete", `await db.creditEntry.deleteMany({ where: { adminId } });`],
    ["a nested ledger write", `await db.admin.create({ data: { name, creditEntries: { create: { type: "purchased", creditBytes: b } } } });`],
    ["an increment", `await tx.admin.update({ where: { id }, data: { creditBytes: { increment: bytes } } });`],
    ["a conditional decrement", `await tx.admin.updateMany({ where: { id, creditBytes: { gte: b } }, data: { creditBytes: { decrement: b } } });`],
    ["a balance set in an update", `await db.admin.update({ where: { id }, data: { plan, creditBytes: target } });`],
    ["a balance set in an upsert", `await db.admin.upsert({ where: { id }, create: { creditBytes: 5n }, update: {} });`],
    ["a nested admin write", `await db.payment.update({ where: { id }, data: { admin: { update: { creditBytes: target } } } });`],
    ["a typed input", `const data: Prisma.AdminUpdateInput = { creditBytes: target };`],
    ["an assignment", `data.creditBytes = target;`],
    ["an element assignment", `data["creditBytes"] = target;`],
    ["raw SQL", 'await tx.$executeRaw`UPDATE "Admin" SET "creditBytes" = "creditBytes" - ${b} WHERE id = ${id}`;'],
    ["a raw ledger insert", `await db.$executeRawUnsafe('INSERT INTO "CreditEntry" (id) VALUES ($1)', id);`],
  ])("%s", (_name, code) => {
    expect(ledgerWrites("probe.ts", code).length).toBeGreaterThanOrEqual(1);
  });

  it("and leaves reads, selects, other models and a zero opening balance alone", () => {
    const code = `
      const row = await db.admin.findUnique({ where: { id }, select: { creditBytes: true } });
      const rich = await db.admin.findMany({ where: { creditBytes: { gte: 5n } } });
      const sum = await db.creditEntry.aggregate({ where, _sum: { creditBytes: true } });
      const list = await db.creditEntry.findMany({ where: { adminId } });
      await db.payment.create({ data: { adminId, creditBytes: mbToBytes(5), amountCents: 3500 } });
      await tx.admin.create({ data: { name, creditBytes: BigInt(0) } });
      const mb = bytesToMb(admin.creditBytes);
      await tx.$queryRaw\`SELECT "creditBytes" FROM "Admin" WHERE id = \${id} FOR UPDATE\`;`;
    expect(ledgerWrites("probe.ts", code)).toEqual([]);
  });
});

test("nothing but lib/services/money/credits.ts writes Admin.creditBytes or CreditEntry", () => {
  // The owner writes both, so the scan must see at least two writes there.
  expectSingleWriter(SCANNED, OWNER, ledgerWrites);
});
