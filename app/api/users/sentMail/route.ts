// POST /api/users/sentMail — { to, subject, html } → { message }. Super admin only: never an open relay.
import { superadminRoute } from "@/lib/http";
import { sendMailSchema } from "@/lib/validation/accounts";
import { sendMail } from "@/lib/mail";
import { audit } from "@/lib/services/audit";
import { db } from "@/lib/db";

export const POST = superadminRoute({ body: sendMailSchema }, async ({ body: { to, subject, html }, actor }) => {
  const text = html
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  const result = await sendMail({ to, subject, html, text });
  await audit(db, actor, "mail.send", null, { to, subject, status: result.status });
  return { message: result.status === "SENT" ? "Mail sent" : "Mail could not be sent", id: result.id };
});
