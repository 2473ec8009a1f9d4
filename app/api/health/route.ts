// GET /api/health (public) → 200 { status: "ok", checks } or 503 { status: "unavailable", checks }
// naming the part that failed (database, storage, queue). Never cached.
import { json, publicRoute } from "@/lib/http";
import { health } from "@/lib/services/health";

export const dynamic = "force-dynamic";

export const GET = publicRoute(async () => {
  const result = await health();
  const res = json(result, result.status === "ok" ? 200 : 503);
  res.headers.set("Cache-Control", "no-store");
  return res;
});
