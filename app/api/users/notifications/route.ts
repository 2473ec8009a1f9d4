import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { notificationSettings, updateNotificationSettings } from "@/lib/services/guests";

// GET /api/users/notifications → { notifications: { digestEnabled } } (the acting studio's own)
export const GET = route(doors.accounts.notifications, async ({ actor }) => ({ notifications: await notificationSettings(actor) }));

// PUT /api/users/notifications { digestEnabled: boolean } → { notifications: { digestEnabled } }
export const PUT = route(doors.accounts.setNotifications, async ({ body, actor }) => ({ notifications: await updateNotificationSettings(actor, body) }));
