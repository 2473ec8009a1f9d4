// GET /api/openapi.json (public) → the API as an OpenAPI 3.1 document, generated from the contract
// (lib/contract/openapi.ts), made once per process. Rendered for people at /docs/api.
import { json, route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { openApiDocument, type OpenApiDocument } from "@/lib/contract/openapi";
import { env } from "@/lib/env";

let document: OpenApiDocument | null = null;

export const GET = route(doors.platform.openapi, () => {
  document ??= openApiDocument(env().APP_URL);
  const res = json(document);
  res.headers.set("cache-control", "public, max-age=300");
  return res;
});
