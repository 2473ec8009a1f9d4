// Vidfolio's emails: each a subject, a designed HTML body and a plain-text alternative.
import { TEXTS } from "@/lib/texts";
import { REVIEW_HOURS } from "@/lib/limits";

export type MailContent = { subject: string; html: string; text: string };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

function layout(heading: string, paragraphs: string[], action?: { label: string; url: string }): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px;font-size:15px;line-height:1.6;color:#3f3f46">${p}</p>`).join("");
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#f97316;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 22px;border-radius:8px">${escapeHtml(action.label)}</a></p>`
    : "";
  return `<!doctype html><html><body style="margin:0;background:#f4f4f5;font-family:Inter,Segoe UI,Helvetica,Arial,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f4f5;padding:32px 12px"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:14px;overflow:hidden">
<tr><td style="background:#0b0d12;padding:20px 28px;color:#ffffff;font-size:18px;font-weight:700">&#9654; Vidfolio</td></tr>
<tr><td style="padding:28px">
<h1 style="margin:0 0 16px;font-size:22px;color:#18181b">${escapeHtml(heading)}</h1>${body}${button}
<p style="margin:24px 0 0;font-size:13px;color:#71717a">— The Vidfolio team</p>
</td></tr></table>
<p style="font-size:12px;color:#a1a1aa;margin-top:16px">Vidfolio · Film delivery for professional videographers</p>
</td></tr></table></body></html>`;
}

/**
 * Sent when a studio signs up (spec §8: subject 'Submission Received – Review in Progress'). Anyone
 * can sign up with any address, so nothing the sign-up form carries (name, company, links) is put
 * in it: the mail can only say what Vidfolio says.
 */
export function registrationReceived(): MailContent {
  const lines = [
    "Hello,",
    "Thank you for signing up for Vidfolio. We have received your submission and our team is reviewing your request.",
    `The review may take up to ${REVIEW_HOURS} hours. We will email you as soon as your studio is approved, and you can then sign in and choose your plan.`,
    "If you did not sign up for Vidfolio, you can ignore this email.",
  ];
  return {
    subject: TEXTS.registrationMailSubject,
    html: layout("Your submission is being reviewed", lines.map(escapeHtml)),
    text: `${lines.join("\n\n")}\n\n— The Vidfolio team`,
  };
}

/** Sent instead when someone signs up with the address of an existing account (no form text in it either). */
export function signupWithExistingEmail(loginUrl: string): MailContent {
  const lines = [
    "Hello,",
    "Someone just tried to create a Vidfolio account with this email address. You already have an account, so nothing was changed.",
    "If it was you, sign in with your password instead. If it was not, you can ignore this email: your account is safe.",
  ];
  return {
    subject: "Someone tried to sign up with your email address",
    html: layout("You already have a Vidfolio account", lines.map(escapeHtml), { label: "Sign in to Vidfolio", url: loginUrl }),
    text: `${lines.join("\n\n")}\n\nSign in: ${loginUrl}\n\n— The Vidfolio team`,
  };
}

/** Sent when the super admin switches a studio to Active. */
export function accountApproved(name: string, loginUrl: string): MailContent {
  const lines = [`Hi ${name},`, "Good news: your Vidfolio studio has been approved. You can sign in now, choose a plan and start delivering your films."];
  return {
    subject: "Your Vidfolio studio is approved",
    html: layout("Welcome to Vidfolio", lines.map(escapeHtml), { label: "Sign in to Vidfolio", url: loginUrl }),
    text: `${lines.join("\n\n")}\n\nSign in: ${loginUrl}\n\n— The Vidfolio team`,
  };
}

/** "Forgot password?": the one-time link (spec: not shown; valid an hour, used once). */
export function passwordReset(resetUrl: string, minutes: number): MailContent {
  const lines = [
    "Hello,",
    "Someone asked to reset the password of the Vidfolio account for this email address. If it was you, choose a new password with the button below.",
    `The link works once and for ${minutes} minutes. Once you have set a new password, every device signed in to your account is signed out.`,
    "If you did not ask for this, you can ignore this email: your password stays as it is.",
  ];
  return {
    subject: TEXTS.passwordResetMailSubject,
    html: layout("Reset your password", lines.map(escapeHtml), { label: "Choose a new password", url: resetUrl }),
    text: `${lines.join("\n\n")}\n\nChoose a new password: ${resetUrl}\n\n— The Vidfolio team`,
  };
}
