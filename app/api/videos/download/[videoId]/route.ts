// GET /api/videos/download/:videoId → 302 to a five-minute signed address of the original file,
// saved under the video's title.
import { NextResponse } from "next/server";
import { studioRoute } from "@/lib/http";
import { idParam } from "@/lib/validation/common";
import { originalDownloadUrl } from "@/lib/services/videos";

export const GET = studioRoute<{ videoId: string }>(async ({ params, actor }) => NextResponse.redirect(await originalDownloadUrl(actor, idParam(params.videoId)), 302));
