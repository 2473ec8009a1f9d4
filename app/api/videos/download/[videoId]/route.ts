// GET /api/videos/download/:videoId → 302 to a five-minute signed address of the original file,
// saved under the video's title.
import { NextResponse } from "next/server";
import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { originalDownloadUrl } from "@/lib/services/films";

export const GET = route(doors.videos.download, async ({ params, actor }) => NextResponse.redirect(await originalDownloadUrl(actor, params.videoId), 302));
