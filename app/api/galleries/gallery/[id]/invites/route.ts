// A gallery's guests (their personal links), the studio's own galleries only (another studio's: 404):
// GET  /api/galleries/gallery/:id/invites → { invites, remindersEnabled, galleryExpiresAt }
// POST /api/galleries/gallery/:id/invites { guests: [{ name, email }] } | { list: "one guest a line" },
//      expiresAt?: ISO | null, mayDownload?: boolean → { results: [{ line, email, outcome, reason? }], invites, … }
// PUT  /api/galleries/gallery/:id/invites { remindersEnabled } → { remindersEnabled }
import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { addInvites, listInvites, setReminders } from "@/lib/services/guests";

export const GET = route(doors.guests.list, async ({ params, actor }) => listInvites(actor, params.id));

export const POST = route(doors.guests.add, async ({ params, body, actor }) => addInvites(actor, params.id, body));

export const PUT = route(doors.guests.settings, async ({ params, body, actor }) => setReminders(actor, params.id, body.remindersEnabled));
