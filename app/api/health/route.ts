// GET /api/health (public) → 200 { status: "ok", checks } or 503 { code: "unavailable", message,
// status: "unavailable", checks } naming the part that failed (database, storage, queue). Never cached.
import { json, jsonError, route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { errorBody } from "@/lib/error-codes";
import { health } from "@/lib/services/platform";
import { TEXTS } from "@/lib/texts";

export const dynamic = "force-dynamic";

export const GET = route(doors.platform.health, async () => {
  const result = await health();
  const res = result.status === "ok" ? json({ ...result, status: "ok" as const }) : jsonError({ ...errorBody("unavailable", TEXTS.partUnavailable), ...result }, 503);
  res.headers.set("Cache-Control", "no-store");
  return res;
});
