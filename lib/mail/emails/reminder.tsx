// The reminder a studio's guest gets before a gallery expires (issue 21): 7, 3 and 1 days before,
// sent by lib/services/reminders.ts. In the studio's name (and logo, when it has one a mail can
// show), with the guest's personal link. Its subject is fixed and the studio's and guest's words in
// it are never links (issue 36 item 9, lib/mail/free-text.ts).
import { renderMail, type MailContent } from "@/lib/mail/render";
import { MailLayout, mailDateTime, P, type MailBrand } from "@/lib/mail/emails/layout";
import { unlinkable } from "@/lib/mail/free-text";

export type ReminderMailProps = {
  brand: MailBrand;
  /** The gallery's title as its viewers see it. */
  galleryTitle: string;
  guestName: string;
  /** Whole days left, rounded up (1: "tomorrow"). */
  daysLeft: number;
  expiresAt: Date;
  /** The guest's personal link. */
  link: string;
  /** Whether the gallery lets its viewers download. */
  downloads: boolean;
};

/** "in 3 days", "tomorrow". */
export const expiresIn = (daysLeft: number): string => (daysLeft <= 1 ? "tomorrow" : `in ${daysLeft} days`);

/** The subject: fixed words, never the studio's (lib/mail/free-text.ts). */
export const reminderSubject = (daysLeft: number): string => `Your gallery expires ${expiresIn(daysLeft)}`;

export function ReminderMail(reminder: ReminderMailProps) {
  // The studio's and the guest's words, with nothing a mail program would make a link of.
  const props = { ...reminder, brand: { ...reminder.brand, name: unlinkable(reminder.brand.name) }, galleryTitle: unlinkable(reminder.galleryTitle), guestName: unlinkable(reminder.guestName) };
  const heading = `${props.galleryTitle} expires ${expiresIn(props.daysLeft)}`;
  const date = mailDateTime(props.expiresAt);
  return (
    <MailLayout
      preview={`${heading}: ${date}.`}
      heading={heading}
      brand={props.brand}
      action={{ label: "Open the gallery", url: props.link }}
      footer={`You receive this because ${props.brand.name} shared “${props.galleryTitle}” with you.`}
    >
      <P>{props.guestName ? `Hi ${props.guestName},` : "Hello,"}</P>
      <P>{`A reminder from ${props.brand.name}: “${props.galleryTitle}” will be available until ${date}. After that, the gallery closes.`}</P>
      {props.downloads ? <P>Take a moment to download the films you want to keep before then.</P> : null}
      <P>Your personal link opens the gallery directly:</P>
    </MailLayout>
  );
}

/** The subject, HTML and plain text of a reminder. */
export function reminderMail(props: ReminderMailProps): Promise<MailContent> {
  return renderMail(reminderSubject(props.daysLeft), <ReminderMail {...props} />);
}
