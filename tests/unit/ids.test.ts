// What an id is, written once (lib/ids.ts): the doors' schemas, the services' remaining guards (a
// token's claims), the storage key layout and the browser's links all use it. A second pattern (a
// loose `[0-9a-f-]{36}`, a `z.uuid()`) would let a string through one check that another refuses.
import { execSync } from "node:child_process";
import path from "node:path";
import { ID_PATTERN, isId } from "@/lib/ids";
import { idSchema } from "@/lib/validation/common";

const ROOT = path.resolve(__dirname, "../..");

it("accepts ids as Postgres writes them, in either case, and nothing shaped almost like one", () => {
  expect(isId("0f8fad5b-d9cb-469f-a165-70867728950e")).toBe(true);
  expect(isId("0F8FAD5B-D9CB-469F-A165-70867728950E")).toBe(true);
  for (const bad of [
    "-".repeat(36),
    "0".repeat(36),
    "zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz",
    "{00000000-0000-4000-8000-000000000000}",
    "00000000000040008000000000000000",
    " 00000000-0000-4000-8000-000000000000",
    "00000000-0000-4000-8000-000000000000\n",
    42,
    null,
  ]) {
    expect([bad, isId(bad)]).toEqual([bad, false]);
  }
  expect(idSchema.parse("0F8FAD5B-D9CB-469F-A165-70867728950E")).toBe("0f8fad5b-d9cb-469f-a165-70867728950e");
});

it("is the only id pattern in the app's code", () => {
  const found = execSync(`grep -rnE "\\[0-9a-f\\]\\{8\\}|\\[0-9a-f-\\]\\{36\\}|z\\.uuid\\(" app components lib pages proxy.ts || true`, { cwd: ROOT, encoding: "utf8" })
    .trim()
    .split("\n")
    .filter(Boolean);
  expect(found).toEqual([expect.stringMatching(/^lib\/ids\.ts:\d+:export const ID_PATTERN = /)]);
  expect(found[0]).toContain(ID_PATTERN);
});
