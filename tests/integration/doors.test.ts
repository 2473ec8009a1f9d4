// Doors parse their params (lib/http/index.ts): a path that fails its schema is a 404 whatever the
// segment (ids, session ids), parsed before the body; and "own account only" doors (`self`) give one
// answer to a studio naming another account — 404, the answer for any row of someone else — while
// a super admin passes where the door lets one in.
import { createStudio, createSuperadmin } from "../helpers/factories";
import { bearerFor, request } from "../helpers/requests";
import { discoverRoutes, doorsOf, fillPath, loadHandlers, type Handler, type Method, type RouteFile } from "../helpers/routes";
import { createStudioWithData, type StudioData } from "../helpers/route-fixtures";
import { BODIES } from "../helpers/route-bodies";
import { snapshot } from "../helpers/snapshot";
import { runInScope } from "../helpers/request-scope";
import { TEXTS } from "@/lib/texts";

jest.mock("next/headers", () => jest.requireActual("../helpers/request-scope").nextHeaders);

/** Doors that take the caller's own account in the path, found by their declared `self` (lib/contract). */
const selfParam = (route: RouteFile) => Object.values(doorsOf(route)).find((d) => d.self)?.self;
const OWN_ACCOUNT_DOORS = discoverRoutes().filter((r) => selfParam(r));

async function callDoor(route: (typeof OWN_ACCOUNT_DOORS)[number], method: Method, params: Record<string, string>, token: string, body: unknown) {
  const req = request(method, fillPath(route, params), { token, body });
  const res = await runInScope(req, () => (loadHandlers(route)[method] as Handler)(req, { params: Promise.resolve(params) }));
  return { status: res.status, body: await res.json() };
}

let A: StudioData;

beforeAll(async () => {
  A = await createStudioWithData();
});

describe("own account only", () => {
  it("is declared by the doors that take the caller's own account in the path", () => {
    expect(OWN_ACCOUNT_DOORS.map((r) => r.pattern).sort()).toEqual(["/api/admin/admin-update/[id]", "/api/admin/update-domain/[adminId]", "/api/admin/update-plan/[adminId]"]);
  });

  it.each(OWN_ACCOUNT_DOORS.map((r) => [r.pattern, r] as const))("%s: another studio naming this account gets 404 not_found and changes nothing", async (_p, route) => {
    const intruder = await createStudio();
    const token = await bearerFor(intruder);
    const name = selfParam(route)!;
    for (const method of Object.keys(loadHandlers(route)) as Method[]) {
      for (const probe of BODIES[`${method} ${route.pattern}`]?.(A) ?? [{ body: { domainurl: `taken-${A.tag}.example.com` } }]) {
        const before = await snapshot([A.admin.id, A.admin.email], [A.admin.id]);
        const res = await callDoor(route, method, { [name]: A.admin.id }, token, probe.body);
        expect([route.pattern, res]).toEqual([route.pattern, { status: 404, body: { code: "not_found", message: TEXTS.notFoundApi } }]);
        expect(await snapshot([A.admin.id, A.admin.email], [A.admin.id])).toBe(before);
      }
    }
  });

  it("lets the account itself through, and a super admin where the door admits one", async () => {
    const studio = await createStudio();
    const own = await callDoor(
      OWN_ACCOUNT_DOORS.find((r) => r.pattern.includes("update-domain"))!,
      "PUT",
      { adminId: studio.id },
      await bearerFor(studio),
      { domainurl: null },
    );
    expect(own.status).toBe(200);
    const admin = await createSuperadmin();
    const other = await callDoor(
      OWN_ACCOUNT_DOORS.find((r) => r.pattern.includes("admin-update"))!,
      "PUT",
      { id: studio.id },
      await bearerFor(admin),
      { obj: { companyName: "Renamed by the super admin" } },
    );
    expect(other).toMatchObject({ status: 200, body: { admin: { companyName: "Renamed by the super admin" } } });
  });
});

describe("a path that fails its schema", () => {
  const route = (pattern: string) => discoverRoutes().find((r) => r.pattern === pattern)!;

  it("is a 404 for a segment that is not an id too (a session id)", async () => {
    const token = await bearerFor(A.admin);
    for (const [pattern, method] of [
      ["/api/admin/verify-session/[sessionId]", "GET"],
      ["/api/payments/local/[sessionId]/pay", "POST"],
    ] as const) {
      const res = await callDoor(route(pattern), method, { sessionId: "cs_$not a session$" }, token, undefined);
      expect([pattern, res]).toEqual([pattern, { status: 404, body: { code: "not_found", message: TEXTS.notFoundApi } }]);
    }
  });

  it("is parsed before the body: a malformed id with a malformed body is a 404", async () => {
    const res = await callDoor(route("/api/folder/folders/[id]"), "PUT", { id: "0".repeat(36) }, await bearerFor(A.admin), { name: 42 });
    expect(res).toEqual({ status: 404, body: { code: "not_found", message: TEXTS.notFoundApi } });
  });
});
