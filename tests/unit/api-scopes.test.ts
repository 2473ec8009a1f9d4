// Which scope each door asks of a studio's API key, as the contract declares it (lib/contract: GET →
// read, the others → write, unless the declaration says `uploads`, `insights`, `webhooks` or `none`), pinned for
// every signed-in door: a door added later shows up here with its scope, and a change shows which
// doors it moves. The token's shape and the prefix that tells a key from a sign-in token too.
import { isKeyToken, KEY_PATTERN, API_SCOPES } from "@/lib/services/platform/rules/api-scopes";
import { allDoors } from "@/lib/contract";

describe("the doors' scopes", () => {
  it("are read for GET and write for the other methods unless declared otherwise; super-admin and public doors take no key", () => {
    for (const { door } of allDoors()) {
      if (door.who === "superadmin") expect([door.path, door.scope]).toEqual([door.path, "none"]);
    }
  });

  it("give every signed-in door of the app the scope listed in docs/api.md", () => {
    const table: Record<string, string> = {};
    for (const { door } of allDoors()) if (door.who === "actor" || door.who === "studio") table[`${door.method} ${door.path}`] = door.scope;
    const by = (scope: string) =>
      Object.entries(table)
        .filter(([, s]) => s === scope)
        .map(([door]) => door)
        .sort();
    expect(by("uploads")).toEqual([
      "GET /api/products/get-part-url",
      "GET /api/products/list-parts",
      "GET /api/uploads/unfinished",
      "POST /api/products/abort-multipart-upload",
      "POST /api/products/check-file",
      "POST /api/products/complete-multipart-upload",
      "POST /api/products/delete-file",
      "POST /api/products/generate-presigned-url",
      "POST /api/products/record-part",
      "POST /api/products/start-multipart-upload",
      "POST /api/uploads/resume",
      "POST /api/uploads/simple",
      "POST /api/videos/createVideo",
    ]);
    expect(by("insights")).toEqual(["GET /api/galleries/gallery/:id/insights", "GET /api/galleries/gallery/:id/insights/csv"]);
    expect(by("webhooks")).toEqual([
      "DELETE /api/webhooks/:endpointId",
      "GET /api/webhooks",
      "GET /api/webhooks/:endpointId/deliveries",
      "GET /api/webhooks/:endpointId/deliveries/:deliveryId",
      "GET /api/webhooks/listen",
      "PATCH /api/webhooks/:endpointId",
      "POST /api/webhooks",
      "POST /api/webhooks/:endpointId/deliveries/:deliveryId/replay",
      "POST /api/webhooks/:endpointId/test",
    ]);
    expect(by("none")).toEqual([
      "DELETE /api/keys/:keyId",
      "GET /api/admin/verify-session/:sessionId",
      "GET /api/keys",
      "GET /api/payments/connect",
      "POST /api/admin/makepayment",
      "POST /api/keys",
      "POST /api/payments/connect",
      "POST /api/payments/local/:sessionId/cancel",
      "POST /api/payments/local/:sessionId/pay",
      "POST /api/payments/local/connect/:accountId/complete",
      "POST /api/payments/local/subscriptions/:id/cancel",
      "POST /api/payments/portal",
      "POST /api/update-profile",
      "POST /api/validate-password",
      "PUT /api/admin/update-domain/:adminId",
      "PUT /api/admin/update-plan/:adminId",
    ]);
    // Everything else: by its method.
    for (const [door, scope] of Object.entries(table)) {
      if (["uploads", "insights", "webhooks", "none"].includes(scope)) continue;
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

  it("has the four scopes of the issue, and webhooks (issue 59)", () => {
    expect(API_SCOPES).toEqual(["read", "write", "uploads", "insights", "webhooks"]);
  });
});
