// Outbound mail behind one interface: Resend when RESEND_API_KEY is set, otherwise the local
// outbox (the MailMessage table, also logged). Every message is recorded; a failed send is marked
// FAILED with its reason and never breaks the action that sent it. Every subject leaves as one line
// (`oneLineSubject`), whatever text of a studio or guest a template put in it.
import "@/lib/server-only";
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

/**
 * A subject as one line: CR, LF and every other control character, and the Unicode line and
 * paragraph separators, become a space. Applied here, where every mail is recorded and sent, not in
 * each template: a gallery's or studio's name typed with "\r\nBcc: …" never adds a header line.
 */
function oneLineSubject(subject: string): string {
  return subject.replace(/[\p{Cc}\u2028\u2029]+/gu, " ").trim();
}

/** Tries of one mail while Resend says it is sent too fast (429 rate_limit_exceeded). */
const RATE_LIMIT_ATTEMPTS = 4;
/** The longest wait between two of those tries, whatever Retry-After says. */
const RATE_LIMIT_WAIT_MAX_MS = 2000;

const isRateLimit = (error: { name?: string; statusCode?: number | null }) => error.name === "rate_limit_exceeded" || error.statusCode === 429;

/** Retry-After (seconds) as milliseconds, from 250 ms up to RATE_LIMIT_WAIT_MAX_MS; 1 s when absent. */
function retryAfterMs(headers: Record<string, string> | null | undefined): number {
  const seconds = Number(headers?.["retry-after"]);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.min(RATE_LIMIT_WAIT_MAX_MS, Math.max(250, seconds * 1000)) : 1000;
}
type MailWriter = Pick<typeof db, "mailMessage">;

/**
 * Records a mail (QUEUED) without sending it, in the caller's transaction when given, so that the
 * record commits with what it reports: `deliverMail` sends it once that has committed.
 */
export function recordMail(mail: OutgoingMail, client: MailWriter = db): Promise<MailRow> {
  return client.mailMessage.create({
    data: { to: mail.to, subject: oneLineSubject(mail.subject), html: mail.html, text: mail.text, provider: provider() },
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
  const subject = oneLineSubject(mail.subject);
  if (kind === "outbox") {
    log().info({ mailId: row.id, to: mail.to, subject }, "mail kept in the local outbox");
    await db.mailMessage.update({ where: { id: row.id }, data: { status: "SENT", sentAt: new Date() } });
    return { id: row.id, status: "SENT" };
  }
  try {
    const resend = new Resend(env().RESEND_API_KEY);
    const payload = { from: env().MAIL_FROM, to: mail.to, subject, html: mail.html, text: mail.text };
    // Resend answers 429 beyond a few requests a second (a "Send to guests" of many guests): wait as
    // it says (at most RATE_LIMIT_WAIT_MAX_MS) and try again. The record's id is the idempotency
    // key, so a send Resend took although its answer was lost is never mailed twice.
    let sent = await resend.emails.send(payload, { idempotencyKey: `mail-${row.id}` });
    for (let attempt = 1; attempt < RATE_LIMIT_ATTEMPTS && sent.error && isRateLimit(sent.error); attempt++) {
      await new Promise((r) => setTimeout(r, retryAfterMs(sent.headers)));
      sent = await resend.emails.send(payload, { idempotencyKey: `mail-${row.id}` });
    }
    const { data, error } = sent;
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
