// The one rule of which scope a door asks of a studio's API key (lib/api-scopes.ts doorScope), pinned
// for every signed-in door of the app: a door added later shows up here with the scope the rule
// gives it, and a change of the rule shows which doors it moves. The token's shape and the
// prefix that tells a key from a sign-in token are checked too.
import { doorScope, isKeyToken, KEY_PATTERN, API_SCOPES } from "@/lib/api-scopes";
import { discoverRoutes, METHODS, wrapperOf, type RouteFile } from "../helpers/routes";

/** The methods a route file exports, read from its source (loading it would need the database). */
const methodsOf = (route: RouteFile) => METHODS.filter((m) => new RegExp(`export (const|async function) ${m}\\b`).test(route.source));

describe("doorScope", () => {
  it("is read for GET and HEAD, write for every other method, on an ordinary door", () => {
    expect(doorScope("GET", "/api/folder/folders")).toBe("read");
    expect(doorScope("head", "/api/folder/folders")).toBe("read");
    for (const m of ["POST", "PUT", "PATCH", "DELETE", "post"]) expect(doorScope(m, "/api/folder/folders")).toBe("write");
  });

  it("reads a request's path and a route's pattern alike", () => {
    const id = "3f1c2e4a-9b7d-4c1e-8f2a-1b2c3d4e5f60";
    expect(doorScope("GET", `/api/galleries/gallery/${id}/insights`)).toBe("insights");
    expect(doorScope("GET", "/api/galleries/gallery/[id]/insights/csv")).toBe("insights");
    expect(doorScope("DELETE", `/api/keys/${id}`)).toBe("signin");
    expect(doorScope("DELETE", "/api/keys/[keyId]")).toBe("signin");
  });

  it("does not match a path that only starts like a listed door", () => {
    expect(doorScope("GET", "/api/keysmith")).toBe("read");
    expect(doorScope("POST", "/api/videos/createVideoX")).toBe("write");
    expect(doorScope("GET", "/api/galleries/gallery/x/insights-old")).toBe("read");
  });

  it("gives every signed-in door of the app the scope listed in docs/api.md", () => {
    const table: Record<string, string> = {};
    for (const route of discoverRoutes()) {
      if (!["actor", "studio"].includes(wrapperOf(route))) continue;
      for (const method of methodsOf(route)) table[`${method} ${route.pattern}`] = doorScope(method, route.pattern);
    }
    const by = (scope: string) =>
      Object.entries(table)
        .filter(([, s]) => s === scope)
        .map(([door]) => door)
        .sort();
    expect(by("uploads")).toEqual([
      "GET /api/products/get-part-url",
      "GET /api/products/list-parts",
      "POST /api/products/abort-multipart-upload",
      "POST /api/products/check-file",
      "POST /api/products/complete-multipart-upload",
      "POST /api/products/delete-file",
      "POST /api/products/generate-presigned-url",
      "POST /api/products/record-part",
      "POST /api/products/start-multipart-upload",
      "POST /api/videos/createVideo",
    ]);
    expect(by("insights")).toEqual(["GET /api/galleries/gallery/[id]/insights", "GET /api/galleries/gallery/[id]/insights/csv"]);
    expect(by("signin")).toEqual([
      "DELETE /api/keys/[keyId]",
      "GET /api/admin/verify-session/[sessionId]",
      "GET /api/keys",
      "POST /api/admin/makepayment",
      "POST /api/keys",
      "POST /api/payments/local/[sessionId]/cancel",
      "POST /api/payments/local/[sessionId]/pay",
      "POST /api/payments/local/subscriptions/[id]/cancel",
      "POST /api/payments/portal",
      "POST /api/update-profile",
      "POST /api/validate-password",
      "PUT /api/admin/update-domain/[adminId]",
      "PUT /api/admin/update-plan/[adminId]",
    ]);
    // Everything else: by its method.
    for (const [door, scope] of Object.entries(table)) {
      if (["uploads", "insights", "signin"].includes(scope)) continue;
      expect([door, scope]).toEqual([door, door.startsWith("GET ") ? "read" : "write"]);
    }
  });
});

describe("the key's shape", () => {
  const key = `vf_key_ab12cd34_${"A".repeat(40)}-_9`;

  it("is told apart from a sign-in token by its prefix", () => {
    expect(isKeyToken(key)).toBe(true);
    expect(isKeyToken("eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln")).toBe(false);
    expect(isKeyToken("vf_key_garbled")).toBe(true);
  });

  it("is vf_key_, 8 lower-case letters or digits, _, 43 base64url characters", () => {
    expect(KEY_PATTERN.test(key)).toBe(true);
    for (const bad of [key.slice(0, -1), `${key}A`, key.replace("ab12cd34", "AB12CD34"), key.replace("vf_key_", "vf_kez_"), `${key}\n`]) expect(KEY_PATTERN.test(bad)).toBe(false);
  });

  it("has the four scopes of the issue", () => {
    expect(API_SCOPES).toEqual(["read", "write", "uploads", "insights"]);
  });
});
