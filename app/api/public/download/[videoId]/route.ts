// GET /api/public/download/:videoId?g=<custom url or gallery id> (public) → 302 to a presigned GET
// of the original (valid 5 minutes, saved as "<title>.<ext>") when the gallery gate lets this
// browser in and the gallery's Downloads toggle is on; otherwise the gate's refusal, or 403.
import { NextResponse } from "next/server";
import { parseWith, publicRoute } from "@/lib/http";
import { viewerCredentials } from "@/lib/services/gallery-gate";
import { downloadLink } from "@/lib/services/viewer";
import { idParam } from "@/lib/validation/common";
import { downloadQuerySchema } from "@/lib/validation/public";

export const GET = publicRoute<{ videoId: string }>(async ({ req, params }) => {
  const videoId = idParam(params.videoId);
  const { g } = parseWith(downloadQuerySchema, { g: req.nextUrl.searchParams.get("g") ?? undefined });
  const url = await downloadLink({ gallery: g, videoId, credentials: viewerCredentials(req) });
  const res = NextResponse.redirect(url, 302);
  res.headers.set("cache-control", "private, no-store");
  return res;
});
