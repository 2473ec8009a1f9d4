// The reminder a studio's guest gets before a gallery expires (issue 21): 7, 3 and 1 days before,
// sent by lib/services/reminders.ts. In the studio's name (and logo, when it has one a mail can
// show), with the guest's personal link.
import { renderMail, type MailContent } from "@/lib/mail/render";
import { MailLayout, mailDateTime, P, type MailBrand } from "@/lib/mail/emails/layout";

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

export const reminderSubject = (galleryTitle: string, daysLeft: number): string => `${galleryTitle} expires ${expiresIn(daysLeft)}`;

export function ReminderMail(props: ReminderMailProps) {
  const subject = reminderSubject(props.galleryTitle, props.daysLeft);
  const date = mailDateTime(props.expiresAt);
  return (
    <MailLayout
      preview={`${subject}: ${date}.`}
      heading={subject}
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
  return renderMail(reminderSubject(props.galleryTitle, props.daysLeft), <ReminderMail {...props} />);
}
