import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { activityFeed } from "@/lib/services/platform";

// GET /api/activity?cursor=&kinds=&galleryId=&unread= → { events, next, unread } (the acting studio's own)
export const GET = route(doors.activity.feed, async ({ query, actor }) => activityFeed(actor, query));
