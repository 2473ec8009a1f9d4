import { studioRoute } from "@/lib/http";
import { notificationSettings, updateNotificationSettings } from "@/lib/services/digest";
import { notificationsSchema } from "@/lib/validation/insights";

// GET /api/users/notifications → { notifications: { digestEnabled } } (the acting studio's own)
export const GET = studioRoute(async ({ actor }) => ({ notifications: await notificationSettings(actor) }));

// PUT /api/users/notifications { digestEnabled: boolean } → { notifications: { digestEnabled } }
export const PUT = studioRoute({ body: notificationsSchema }, async ({ body, actor }) => ({ notifications: await updateNotificationSettings(actor, body) }));
