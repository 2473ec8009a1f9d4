// The contract (lib/contract) and the route files (app/api/**/route.ts) say the same thing (issue 38
// item 1): every method a route file exports is declared, every declared door is served, each
// handler serves the declaration of its own method and path, and a door's path, params and scope
// agree with each other. Read from the sources: no route module is loaded.
import { z } from "zod";
import { allDoors, doors } from "@/lib/contract";
import { fillTemplate, isRawAnswer, isRawBody, METHODS, type Door } from "@/lib/contract/door";
import * as paths from "@/lib/contract/paths";
import { PUBLIC_DOWNLOAD_PATH, PUBLIC_VIEWS_PATH, publicPath } from "@/lib/contract/paths";
import { ERROR_STATUS } from "@/lib/error-codes";
import { discoverRoutes, patternOfPath, type RouteFile } from "../helpers/routes";

const ROUTES = discoverRoutes();
const DOORS = allDoors();

/**
 * The methods a route file exports, each with the declaration it serves (null: served by hand). A
 * door a link may open as a page is `route()` inside `refusalOpensGallery()` (lib/http): still route().
 */
function served(route: RouteFile): { method: string; door: string | null }[] {
  const byRoute = [...route.source.matchAll(/export const (GET|POST|PUT|PATCH|DELETE) = (?:refusalOpensGallery\(\s*)?route\(doors\.(\w+\.\w+),/g)].map((m) => ({ method: m[1], door: m[2] }));
  const other = [...route.source.matchAll(/export const (GET|POST|PUT|PATCH|DELETE) = (?!(?:refusalOpensGallery\(\s*)?route\(doors\.)/g)].map((m) => ({ method: m[1], door: null }));
  const reexported = [...route.source.matchAll(/export \{([^}]*)\}/g)].flatMap((m) =>
    m[1]
      .split(",")
      .map((part) => part.trim().split(/\s+as\s+/)[1])
      .filter((name): name is string => METHODS.includes(name as never))
      .map((method) => ({ method, door: null })),
  );
  return [...byRoute, ...other, ...reexported];
}

const key = (method: string, pattern: string) => `${method} ${pattern}`;

describe("the contract and the route files", () => {
  it("finds the route files and the declarations", () => {
    expect(ROUTES.length).toBeGreaterThanOrEqual(84);
    expect(DOORS.length).toBeGreaterThanOrEqual(98);
  });

  it("declares every method a route file exports", () => {
    const declared = new Set(DOORS.map(({ door }) => key(door.method, patternOfPath(door.path))));
    const undeclared = ROUTES.flatMap((r) => served(r).map((s) => key(s.method, r.pattern))).filter((k) => !declared.has(k));
    expect(undeclared).toEqual([]);
  });

  it("serves every declared door from a route file", () => {
    const exported = new Set(ROUTES.flatMap((r) => served(r).map((s) => key(s.method, r.pattern))));
    const unserved = DOORS.map(({ name, door }) => `${key(door.method, patternOfPath(door.path))} (${name})`).filter((k) => !exported.has(k.replace(/ \(.*\)$/, "")));
    expect(unserved).toEqual([]);
  });

  it("has each route handler serve the declaration of its own method and path", () => {
    const byName = new Map(DOORS.map((d) => [d.name as string, d.door]));
    const wrong = ROUTES.flatMap((r) =>
      served(r)
        .filter((s) => s.door !== null)
        .filter((s) => {
          const d = byName.get(s.door!);
          return !d || d.method !== s.method || patternOfPath(d.path) !== r.pattern;
        })
        .map((s) => `${r.file}: ${s.method} serves doors.${s.door}`),
    );
    expect(wrong).toEqual([]);
  });

  it("goes through route() everywhere but next-auth's own endpoints", () => {
    const byHand = ROUTES.flatMap((r) =>
      served(r)
        .filter((s) => s.door === null)
        .map((s) => key(s.method, r.pattern)),
    );
    expect(byHand).toEqual(["GET /api/auth/[...nextauth]", "POST /api/auth/[...nextauth]"]);
  });

  it("declares each door once", () => {
    const keys = DOORS.map(({ door }) => key(door.method, door.path));
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  });
});

describe("each declaration", () => {
  it.each(DOORS.map(({ name, door }) => [name, door] as const))("%s: its path's names are its params' keys", (_name, door: Door) => {
    const names = [...door.path.matchAll(/:(\w+)/g)].map((m) => m[1]).sort();
    const schema = door.params as z.ZodObject | undefined;
    if (names.length === 0) expect(schema).toBeUndefined();
    else if (schema) expect(Object.keys(schema.shape).sort()).toEqual(names);
    else expect(door.answer).toMatchObject({ kind: "next-auth" });
  });

  it.each(DOORS.map(({ name, door }) => [name, door] as const))("%s: a summary, a tag, known error codes, `self` names a param", (_name, door: Door) => {
    expect(door.summary.length).toBeGreaterThan(3);
    expect(door.tag.length).toBeGreaterThan(1);
    for (const code of door.errors ?? []) expect(ERROR_STATUS).toHaveProperty(code);
    if (door.self) expect(door.path).toContain(`:${door.self}`);
  });

  it("gives super-admin doors no API-key scope, and the default scope by method", () => {
    for (const { door } of DOORS) if (door.who === "superadmin") expect(door.scope).toBe("none");
    expect(doors.folders.list.scope).toBe("read");
    expect(doors.folders.rename.scope).toBe("write");
    expect(doors.uploads.start.scope).toBe("uploads");
    expect(doors.insights.gallery.scope).toBe("insights");
  });
});

/** Where a JSON Schema lets anything through: an empty schema (z.unknown, z.any, a loose object's or a record's values). */
function openSpots(schema: unknown, at = "answer"): string[] {
  if (Array.isArray(schema)) return schema.flatMap((s, i) => openSpots(s, `${at}[${i}]`));
  if (typeof schema !== "object" || schema === null) return [];
  if (Object.keys(schema).length === 0) return [at];
  return Object.entries(schema).flatMap(([k, v]) => (k === "properties" || k === "$defs" ? Object.entries(v as object).flatMap(([p, s]) => openSpots(s, `${at}.${p}`)) : openSpots(v, `${at}/${k}`)));
}

/** The one open answer, on purpose: the OpenAPI document's shape is OpenAPI's own (lib/contract/public.ts says why). */
const OPEN_ANSWERS = ["platform.openapi"];

describe("the answers and examples", () => {
  it("declare every answer the app controls closed: each field named and typed, nested too", () => {
    const open = DOORS.filter(({ name, door }) => !isRawAnswer(door.answer) && !OPEN_ANSWERS.includes(name)).flatMap(({ name, door }) =>
      openSpots(z.toJSONSchema(door.answer as z.ZodType, { io: "output", unrepresentable: "any", reused: "inline" })).map((spot) => `${name}: ${spot}`),
    );
    expect(open).toEqual([]);
    expect(openSpots(z.toJSONSchema(z.object({ a: z.looseObject({}), b: z.array(z.unknown()) }), { io: "output" }))).toEqual(["answer.a/additionalProperties", "answer.b/items"]);
  });

  it("give every door area with a JSON body an example, and each example passes its door's body schema", () => {
    const withBody = DOORS.filter(({ door }) => door.body && !isRawBody(door.body));
    const areas = new Set(withBody.map(({ name }) => name.split(".")[0]));
    const shown = new Set(withBody.filter(({ door }) => door.example !== undefined).map(({ name }) => name.split(".")[0]));
    expect([...areas].filter((a) => !shown.has(a))).toEqual([]);
    const wrong = withBody
      .filter(({ door }) => door.example !== undefined)
      .map(({ name, door }) => [name, (door.body as z.ZodType).safeParse(door.example)] as const)
      .filter(([, r]) => !r.success)
      .map(([name, r]) => `${name}: ${r.error?.message}`);
    expect(wrong).toEqual([]);
  });
});

describe("the path builders", () => {
  it("fill a template and encode each value", () => {
    expect(doors.folders.rename.url({ id: "a/b c" })).toBe("/api/folder/folders/a%2Fb%20c");
    expect(doors.publicGallery.playlist.url({ videoId: "v1", playlist: "master.m3u8" })).toBe("/api/public/hls/v1/master.m3u8");
    expect(doors.folders.list.url()).toBe("/api/folder/folders");
  });

  it("keep a catch-all's slashes", () => {
    expect(fillTemplate("/api/auth/:nextauth*", { nextauth: "callback/credentials" })).toBe("/api/auth/callback/credentials");
  });

  it("of the public gallery's own code name declared public doors only, and fill them as the doors do", () => {
    // Each template is its own export of lib/contract/paths.ts (the browser's code names the ones it uses).
    const templates = Object.entries(paths).filter(([name]) => /^PUBLIC_\w+_PATH$/.test(name)) as [string, string][];
    expect(templates.length).toBeGreaterThanOrEqual(12);
    const publicDoors = DOORS.filter(({ door }) => door.who === "public");
    expect(templates.filter(([, t]) => !publicDoors.some(({ door }) => door.path === t)).map(([name]) => name)).toEqual([]);
    const fill = publicPath as (template: string, values: Record<string, string>) => string;
    for (const [, template] of templates) {
      const values = Object.fromEntries([...template.matchAll(/:(\w+)/g)].map(([, name]) => [name, `${name} 1/é`]));
      expect(fill(template, values)).toBe(fillTemplate(template, values));
    }
    expect(publicPath(PUBLIC_DOWNLOAD_PATH, { videoId: "v 1" })).toBe(doors.publicGallery.download.url({ videoId: "v 1" }));
    expect(publicPath(PUBLIC_VIEWS_PATH)).toBe(doors.publicGallery.views.url());
  });

  it("refuse a missing value", () => {
    expect(() => fillTemplate("/api/folder/folders/:id", {})).toThrow(/:id/);
  });
});
