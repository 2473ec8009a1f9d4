// POST /api/users/sentMail — { to, subject, html } → { message }. Super admin only: never an open relay.
// The HTML is sent inside Vidfolio's mail layout, with its plain-text alternative (lib/mail/templates.tsx).
import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { sendMail } from "@/lib/mail";
import { superadminMessage } from "@/lib/mail/templates";
import { audit } from "@/lib/services/platform";
import { db } from "@/lib/db";

export const POST = route(doors.accounts.sendMail, async ({ body: { to, subject, html }, actor }) => {
  const result = await sendMail({ to, ...(await superadminMessage(subject, html)) });
  await audit(db, actor, "mail.send", null, { to, subject, status: result.status });
  return { message: result.status === "SENT" ? "Mail sent" : "Mail could not be sent", id: result.id };
});
