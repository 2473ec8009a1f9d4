import { NextResponse } from "next/server";
import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { exportDownloadUrl } from "@/lib/services/data";

// GET /api/export/download → 302 to a signed address (minutes) of the studio's READY export, saved
// under its file name; 404 when none is ready. The ZIP never passes through the app.
export const GET = route(doors.studioData.exportDownload, async ({ actor }) => {
  const res = NextResponse.redirect(await exportDownloadUrl(actor), 302);
  res.headers.set("Cache-Control", "private, no-store");
  return res;
});
