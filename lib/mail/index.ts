// Outbound mail behind one interface: Resend when RESEND_API_KEY is set, otherwise the local
// outbox (the MailMessage table, also logged). Every message is recorded; a failed send is marked
// FAILED with its reason and never breaks the action that sent it.
import "server-only";
import { Resend } from "resend";
import { db } from "@/lib/db";
import type { MailContent } from "@/lib/mail/templates";
import { log } from "@/lib/log";
import { env } from "@/lib/env";

export type OutgoingMail = MailContent & { to: string };

function provider(): "resend" | "outbox" {
  return env().RESEND_API_KEY ? "resend" : "outbox";
}

export async function sendMail(mail: OutgoingMail): Promise<{ id: string; status: "SENT" | "FAILED" }> {
  const kind = provider();
  const row = await db.mailMessage.create({
    data: { to: mail.to, subject: mail.subject, html: mail.html, text: mail.text, provider: kind },
  });
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
