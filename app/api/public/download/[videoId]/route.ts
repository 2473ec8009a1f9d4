// GET /api/public/download/:videoId?g=<custom url or gallery id> (public) → 302 to a presigned GET
// of the original (valid 5 minutes, saved as "<title>.<ext>") when the gallery gate lets this
// browser in and the gallery's Downloads toggle is on; otherwise the gate's refusal, or 403.
import { NextResponse } from "next/server";
import { z } from "zod";
import { publicRoute } from "@/lib/http";
import { viewerCredentials } from "@/lib/services/gallery-gate";
import { downloadLink } from "@/lib/services/viewer";
import { idSchema } from "@/lib/validation/common";
import { downloadQuerySchema } from "@/lib/validation/public";

export const GET = publicRoute({ params: z.object({ videoId: idSchema }), query: downloadQuerySchema }, async ({ req, params, query }) => {
  const url = await downloadLink({ gallery: query.g, videoId: params.videoId, credentials: viewerCredentials(req) });
  const res = NextResponse.redirect(url, 302);
  res.headers.set("cache-control", "private, no-store");
  return res;
});
