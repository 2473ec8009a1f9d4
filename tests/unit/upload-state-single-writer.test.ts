// lib/services/films/upload-state.ts is the upload state machine and the only writer of an upload's status
// (issue 37 item 3): every step is its conditional `move` (or `completeCharged`, `endOpenUploads`),
// so of two racing steps one wins. This test parses every source file of the app (TypeScript's
// parser, syntax only) and fails, naming file and line, when anything else
//   - writes an Upload row with a `status` in its data (create, update, upsert and their Many forms),
//     or with data the scan cannot read (a variable or a spread, which may carry one);
//   - writes uploads through another model's write (a nested `uploads`/`upload` create or update);
//   - writes the "Upload" table in raw SQL.
// A create without a status starts at the machine's first state (RESERVED, the column's default).
import ts from "typescript";
import { expectSingleWriter, findInSource, literalMatches, propertyName } from "../helpers/source-scan";

const OWNER = "lib/services/films/upload-state.ts";
/** Where the app's code lives. (Test factories and the benches set states directly.) */
const SCANNED = ["app", "lib", "components", "pages", "scripts", "proxy.ts"];

const UPLOAD_WRITE = /\.upload\.(create|createMany|createManyAndReturn|update|updateMany|updateManyAndReturn|upsert)$/;
/** The arguments of a write that hold what it writes. */
const WRITTEN = new Set(["data", "create", "update"]);
const NESTED_WRITES = new Set(["create", "createMany", "connectOrCreate", "upsert", "update", "updateMany", "set"]);
const RAW_SQL = [/UPDATE\s+"?Upload"?\s+SET/i, /INSERT\s+INTO\s+"?Upload"?[\s(]/i];

/** The writes of an upload's status in one file's text, as "line: what". */
export function uploadStatusWrites(fileName: string, text: string): string[] {
  /** Whether written data may set a status: a `status` property, or anything the scan cannot read. */
  const mayWriteStatus = (value: ts.Expression): string | null => {
    const items = ts.isArrayLiteralExpression(value) ? value.elements : [value];
    for (const item of items) {
      if (!ts.isObjectLiteralExpression(item)) return "data the scan cannot read";
      for (const p of item.properties) {
        if (ts.isSpreadAssignment(p)) return "spread data";
        if (propertyName(p.name) === "status") return "a status";
      }
    }
    return null;
  };

  return findInSource(fileName, text, (node, report, sf) => {
    if (ts.isCallExpression(node) && UPLOAD_WRITE.test(node.expression.getText(sf))) {
      const arg = node.arguments[0];
      const method = node.expression.getText(sf).split(".").pop();
      if (!arg || !ts.isObjectLiteralExpression(arg)) report(node, `upload.${method} with arguments the scan cannot read`);
      else
        for (const p of arg.properties) {
          if (ts.isSpreadAssignment(p)) report(p, `upload.${method} with spread arguments`);
          else if (ts.isShorthandPropertyAssignment(p) && WRITTEN.has(p.name.text)) report(p, `upload.${method} writing data the scan cannot read`);
          else if (ts.isPropertyAssignment(p) && WRITTEN.has(propertyName(p.name) ?? "")) {
            const what = mayWriteStatus(p.initializer);
            if (what) report(p, `upload.${method} writing ${what}`);
          }
        }
    }
    // uploads: { create: … } / upload: { update: … } inside another model's write
    if (ts.isPropertyAssignment(node) && ["uploads", "upload"].includes(propertyName(node.name) ?? "") && ts.isObjectLiteralExpression(node.initializer)) {
      if (node.initializer.properties.some((p) => NESTED_WRITES.has(propertyName(p.name) ?? ""))) report(node, "nested upload write");
    }
    if (literalMatches(node, RAW_SQL)) report(node, "raw SQL writing uploads");
  });
}

describe("the scanner finds every kind of upload status write", () => {
  it.each([
    ["an update", `await tx.upload.update({ where: { id }, data: { status: "FAILED", chargedBytes: BigInt(0) } });`],
    ["an updateMany", `await db.upload.updateMany({ where: { adminId }, data: { status: "CANCELLED" } });`],
    ["a create with a state", `await tx.upload.create({ data: { adminId, key, status: "COMPLETED" } });`],
    ["a createMany with a state", `await tx.upload.createMany({ data: [{ adminId, key }, { adminId, key, status: "EXPIRED" }] });`],
    ["an upsert", `await db.upload.upsert({ where: { key }, create: { key }, update: { status: "FAILED" } });`],
    ["data in a variable", `const data = { status: "FAILED" as const }; await db.upload.update({ where: { id }, data });`],
    ["spread data", `await db.upload.update({ where: { id }, data: { ...step } });`],
    ["arguments in a variable", `await db.upload.updateMany(args);`],
    ["a nested write", `await db.gallery.update({ where: { id }, data: { uploads: { updateMany: { where: {}, data: { status: "CANCELLED" } } } } });`],
    ["raw SQL", "await tx.$executeRaw`UPDATE \"Upload\" SET status = 'FAILED' WHERE id = ${id}::uuid`;"],
    ["a raw insert", `await db.$executeRawUnsafe('INSERT INTO "Upload" (id, status) VALUES ($1, $2)', id, s);`],
  ])("%s", (_name, code) => {
    expect(uploadStatusWrites("probe.ts", code).length).toBeGreaterThanOrEqual(1);
  });

  it("and leaves reads, filters by status, other fields and other models alone", () => {
    const code = `
      const open = await db.upload.findMany({ where: { status: { in: OPEN_UPLOAD_STATUSES } } });
      await tx.upload.create({ data: { adminId, galleryId, kind, key, fileName, contentType, declaredBytes: bytes, reservedBytes: bytes } });
      await tx.upload.update({ where: { id: upload.id, status: "COMPLETED" }, data: { videoId: video.id } });
      await db.upload.update({ where: { id }, data: { releasedAt: new Date() } });
      await db.video.updateMany({ where: { id }, data: { status: "FAILED" } });
      const sum = await tx.upload.aggregate({ where: { status: "RESERVED" }, _sum: { reservedBytes: true } });
      await tx.$queryRaw\`SELECT status FROM "Upload" WHERE id = \${id}::uuid FOR UPDATE\`;`;
    expect(uploadStatusWrites("probe.ts", code)).toEqual([]);
  });
});

test("nothing but lib/services/films/upload-state.ts writes an upload's status", () => {
  expectSingleWriter(SCANNED, OWNER, uploadStatusWrites);
});
