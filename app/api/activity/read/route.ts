import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { markActivityRead } from "@/lib/services/platform";

// POST /api/activity/read { upTo } → { unread }
export const POST = route(doors.activity.read, async ({ body, actor }) => markActivityRead(actor, body.upTo));
