// A gallery's guests (issue 21), the studio's own galleries only (another studio's: 404):
// GET  /api/galleries/gallery/:id/invites → { invites, remindersEnabled, galleryExpiresAt }
// POST /api/galleries/gallery/:id/invites { guests: [{ name, email }] } | { list: "one guest a line" },
//      expiresAt?: ISO | null, mayDownload?: boolean → { results: [{ line, email, outcome, reason? }], invites, … }
// PUT  /api/galleries/gallery/:id/invites { remindersEnabled } → { remindersEnabled }
import { z } from "zod";
import { studioRoute } from "@/lib/http";
import { addInvites, listInvites, setReminders } from "@/lib/services/invites";
import { idSchema } from "@/lib/validation/common";
import { addInvitesSchema, invitesSettingsSchema } from "@/lib/validation/invites";

const idPath = z.object({ id: idSchema });

export const GET = studioRoute({ params: idPath }, async ({ params, actor }) => listInvites(actor, params.id));

export const POST = studioRoute({ params: idPath, body: addInvitesSchema }, async ({ params, body, actor }) => addInvites(actor, params.id, body));

export const PUT = studioRoute({ params: idPath, body: invitesSettingsSchema }, async ({ params, body, actor }) => setReminders(actor, params.id, body.remindersEnabled));
