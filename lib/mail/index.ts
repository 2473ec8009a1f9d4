// Outbound mail behind one interface: Resend when RESEND_API_KEY is set, otherwise the local
// outbox (the MailMessage table, also logged). Every message is recorded; a failed send is marked
// FAILED with its reason and never breaks the action that sent it.
import "server-only";
import { Resend } from "resend";
import { db } from "@/lib/db";
import type { MailContent } from "@/lib/mail/render";
import { log } from "@/lib/log";
import { env } from "@/lib/env";

export type OutgoingMail = MailContent & { to: string };

function provider(): "resend" | "outbox" {
  return env().RESEND_API_KEY ? "resend" : "outbox";
}

type MailRow = { id: string; provider: string };
type MailWriter = Pick<typeof db, "mailMessage">;

/**
 * Records a mail (QUEUED) without sending it, in the caller's transaction when given, so that the
 * record commits with what it reports: `deliverMail` sends it once that has committed.
 */
export function recordMail(mail: OutgoingMail, client: MailWriter = db): Promise<MailRow> {
  return client.mailMessage.create({
    data: { to: mail.to, subject: mail.subject, html: mail.html, text: mail.text, provider: provider() },
    select: { id: true, provider: true },
  });
}

/** Records and sends a mail. */
export async function sendMail(mail: OutgoingMail): Promise<{ id: string; status: "SENT" | "FAILED" }> {
  return deliverMail(await recordMail(mail), mail);
}

/** Sends a recorded mail and marks it SENT or FAILED (with its reason); never throws for a provider's refusal. */
export async function deliverMail(row: MailRow, mail: OutgoingMail): Promise<{ id: string; status: "SENT" | "FAILED" }> {
  const kind = row.provider;
  if (kind === "outbox") {
    log().info({ mailId: row.id, to: mail.to, subject: mail.subject }, "mail kept in the local outbox");
    await db.mailMessage.update({ where: { id: row.id }, data: { status: "SENT", sentAt: new Date() } });
    return { id: row.id, status: "SENT" };
  }
  try {
    const resend = new Resend(env().RESEND_API_KEY);
    const { data, error } = await resend.emails.send({
      from: env().MAIL_FROM,
      to: mail.to,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
    });
    if (error) throw new Error(`${error.name}: ${error.message}`);
    await db.mailMessage.update({ where: { id: row.id }, data: { status: "SENT", sentAt: new Date(), providerId: data?.id ?? null } });
    return { id: row.id, status: "SENT" };
  } catch (e) {
    const reason = e instanceof Error ? e.message : String(e);
    log().error({ mailId: row.id, to: mail.to, reason }, "mail sending failed");
    await db.mailMessage.update({ where: { id: row.id }, data: { status: "FAILED", error: reason.slice(0, 1000) } });
    return { id: row.id, status: "FAILED" };
  }
}
