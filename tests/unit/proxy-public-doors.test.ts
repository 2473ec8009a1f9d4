// proxy.ts lets a request through without credentials exactly when it is for a public door (issue 38
// item 1): the list it asks (lib/contract/open-paths.ts) is the public doors' own templates, each
// public door in it and nothing else; every declared door is sent through proxy() without
// credentials — each public one passes, each other one is refused with 401.
import { NextRequest } from "next/server";
import { proxy } from "@/proxy";
import { allDoors } from "@/lib/contract";
import { fillTemplate, type Door } from "@/lib/contract/door";
import { OPEN_PATHS, isOpenPath, templatePattern } from "@/lib/contract/open-paths";
import { TEXTS } from "@/lib/texts";

const DOORS = allDoors();
const PUBLIC = DOORS.filter(({ door }) => door.who === "public");
const CLOSED = DOORS.filter(({ door }) => door.who !== "public");

/** A door's address with a value in every segment (a catch-all's: next-auth's session). */
const addressOf = (door: Door) => fillTemplate(door.path, new Proxy({}, { get: (_, name) => (name === "nextauth" ? "session" : "0190f6d2-8f4e-7c3a-9b1d-2e5f6a7b8c9d") }));

const anonymous = (door: Door) => proxy(new NextRequest(new URL(addressOf(door), "http://localhost:3000"), { method: door.method }));

describe("the proxy's public doors", () => {
  it("are the public doors' templates: each public door is listed, and every listed template is a public door's", () => {
    const listed = new Set<string>(Object.values(OPEN_PATHS));
    const publicPaths = new Set(PUBLIC.map(({ door }) => door.path));
    expect(PUBLIC.filter(({ door }) => !listed.has(door.path)).map(({ name }) => name)).toEqual([]);
    expect([...listed].filter((p) => !publicPaths.has(p))).toEqual([]);
    expect(PUBLIC.length).toBeGreaterThanOrEqual(20);
  });

  it.each(PUBLIC.map(({ name, door }) => [name, door] as const))("lets %s through without credentials", async (_name, door) => {
    const res = await anonymous(door);
    expect(res.status).not.toBe(401);
    expect(res.headers.get("x-middleware-next")).toBe("1");
  });

  it.each(CLOSED.map(({ name, door }) => [name, door] as const))("refuses %s without credentials (401)", async (_name, door) => {
    const res = await anonymous(door);
    expect([res.status, await res.json()]).toEqual([401, { code: "unauthorized", message: TEXTS.unauthorized }]);
  });

  it("match whole paths: a segment value holds no '/', a dot is a dot, nothing before or after", () => {
    expect(templatePattern("/api/public/download/:videoId").test("/api/public/download/a/b")).toBe(false);
    expect(templatePattern("/api/auth/:nextauth*").test("/api/auth/callback/credentials")).toBe(true);
    expect(isOpenPath("/api/openapi.json")).toBe(true);
    expect(isOpenPath("/api/openapiXjson")).toBe(false);
    expect(isOpenPath("/api/healthz")).toBe(false);
    expect(isOpenPath("/x/api/health")).toBe(false);
    // A studio's webhook endpoints share /api/webhooks/ with Stripe's public door, and are not public.
    expect(isOpenPath("/api/webhooks/stripe")).toBe(true);
    expect(isOpenPath("/api/webhooks/0190f6d2-8f4e-7c3a-9b1d-2e5f6a7b8c9d")).toBe(false);
  });
});
