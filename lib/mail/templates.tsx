// Vidfolio's own mails (React Email components, lib/mail/emails/layout.tsx): each a subject, a
// designed HTML body and its plain-text alternative (lib/mail/render.ts). Previewed in development
// at /dev/mails.
import { TEXTS } from "@/lib/texts";
import { REVIEW_HOURS } from "@/lib/limits";
import { renderMail, type MailContent } from "@/lib/mail/render";
import { MailLayout, P } from "@/lib/mail/emails/layout";

export type { MailContent };

export const SIGNUP_WITH_EXISTING_EMAIL_SUBJECT = "Someone tried to sign up with your email address";

/**
 * Sent when a studio signs up (spec §8: subject 'Submission Received – Review in Progress'). Anyone
 * can sign up with any address, so nothing the sign-up form carries (name, company, links) is put
 * in it: the mail can only say what Vidfolio says.
 */
export function registrationReceived(): Promise<MailContent> {
  return renderMail(
    TEXTS.registrationMailSubject,
    <MailLayout preview="We have received your submission." heading="Your submission is being reviewed">
      <P>Hello,</P>
      <P>Thank you for signing up for Vidfolio. We have received your submission and our team is reviewing your request.</P>
      <P>{`The review may take up to ${REVIEW_HOURS} hours. We will email you as soon as your studio is approved, and you can then sign in and choose your plan.`}</P>
      <P>If you did not sign up for Vidfolio, you can ignore this email.</P>
    </MailLayout>,
  );
}

/** Sent instead when someone signs up with the address of an existing account (no form text in it either). */
export function signupWithExistingEmail(loginUrl: string): Promise<MailContent> {
  return renderMail(
    SIGNUP_WITH_EXISTING_EMAIL_SUBJECT,
    <MailLayout preview="You already have a Vidfolio account." heading="You already have a Vidfolio account" action={{ label: "Sign in to Vidfolio", url: loginUrl }}>
      <P>Hello,</P>
      <P>Someone just tried to create a Vidfolio account with this email address. You already have an account, so nothing was changed.</P>
      <P>If it was you, sign in with your password instead. If it was not, you can ignore this email: your account is safe.</P>
    </MailLayout>,
  );
}

/** Sent when the super admin switches a studio to Active; `allowance`: the starter allowance it was just given ("2.00 GB"), if any. */
export function accountApproved(name: string, loginUrl: string, allowance: string | null = null): Promise<MailContent> {
  return renderMail(
    "Your Vidfolio studio is approved",
    <MailLayout preview="Your studio is approved: sign in now." heading="Welcome to Vidfolio" action={{ label: "Sign in to Vidfolio", url: loginUrl }}>
      <P>{`Hi ${name},`}</P>
      <P>Good news: your Vidfolio studio has been approved. You can sign in now, choose a plan and start delivering your films.</P>
      {allowance && <P>{TEXTS.firstDelivery.allowanceMail(allowance)}</P>}
    </MailLayout>,
  );
}

/** "Forgot password?": the one-time link (spec: not shown; valid an hour, used once). */
export function passwordReset(resetUrl: string, minutes: number): Promise<MailContent> {
  return renderMail(
    TEXTS.passwordResetMailSubject,
    <MailLayout preview="Choose a new password for your Vidfolio account." heading="Reset your password" action={{ label: "Choose a new password", url: resetUrl }}>
      <P>Hello,</P>
      <P>Someone asked to reset the password of the Vidfolio account for this email address. If it was you, choose a new password with the button below.</P>
      <P>{`The link works once and for ${minutes} minutes. Once you have set a new password, every device signed in to your account is signed out.`}</P>
      <P>If you did not ask for this, you can ignore this email: your password stays as it is.</P>
    </MailLayout>,
  );
}

/**
 * A message the super admin writes (POST /api/users/sentMail, spec §7: to, subject, html): its HTML
 * inside Vidfolio's layout, and the plain text React Email derives from it (links kept as text).
 */
export function superadminMessage(subject: string, html: string): Promise<MailContent> {
  return renderMail(
    subject,
    <MailLayout preview={subject} heading={subject}>
      {/* The super admin's own markup: only a super admin may send it (the door checks), and only to the address given. */}
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </MailLayout>,
  );
}

/** Sent when a studio's export is ready: its size, until when, and the account page that downloads it. */
export function exportReady(size: string, until: string, accountUrl: string): Promise<MailContent> {
  const t = TEXTS.export;
  return renderMail(
    t.mailSubject,
    <MailLayout preview={t.ready} heading={t.mailHeading} action={{ label: t.mailButton, url: accountUrl }}>
      <P>Hello,</P>
      <P>{t.mailBody(size, until)}</P>
    </MailLayout>,
  );
}

/** Sent when a webhook endpoint failing for 3 days is disabled (lib/services/platform/webhooks/deliver.ts). */
export function webhookDisabled(url: string, since: string, accountUrl: string): Promise<MailContent> {
  const t = TEXTS.webhooks;
  return renderMail(
    t.mailSubject,
    <MailLayout preview={t.mailHeading} heading={t.mailHeading} action={{ label: t.mailButton, url: accountUrl }}>
      <P>Hello,</P>
      <P>{t.mailBody(url, since)}</P>
    </MailLayout>,
  );
}
