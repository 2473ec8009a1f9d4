// GET /api/payments/watermark → { watermark }; PUT { text, logo, position, opacity } → { watermark }:
// the watermark of the previews of unpaid galleries (their previews are made again).
import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { studioWatermark, updateWatermark } from "@/lib/services/money";

export const GET = route(doors.delivery.watermark, async ({ actor }) => ({ watermark: await studioWatermark(actor) }));

export const PUT = route(doors.delivery.setWatermark, async ({ body, actor }) => ({ watermark: await updateWatermark(actor, body) }));
