// GET /api/videos/download/:videoId → 302 to a five-minute signed address of the original file,
// saved under the video's title.
import { NextResponse } from "next/server";
import { z } from "zod";
import { studioRoute } from "@/lib/http";
import { idSchema } from "@/lib/validation/common";
import { originalDownloadUrl } from "@/lib/services/videos";

export const GET = studioRoute({ params: z.object({ videoId: idSchema }) }, async ({ params, actor }) => NextResponse.redirect(await originalDownloadUrl(actor, params.videoId), 302));
