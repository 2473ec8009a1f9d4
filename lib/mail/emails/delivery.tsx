// The delivery mail a studio sends a guest (issue 21): the studio's name and logo, the gallery's
// title and background image, a button to the guest's personal link, the link's expiry, and a 1×1
// open pixel. Its subject is fixed and the studio's and guest's words in it are never links (issue
// 36 item 9, lib/mail/free-text.ts). Every address in it is absolute and lives as long as the mail
// needs it (the images and the pixel go through the app's public invite doors, not short-lived
// signed media addresses).
import "server-only";
import { Button, Img, Link, Section, Text } from "@react-email/components";
import { renderMail, type MailContent } from "@/lib/mail/render";
import { MailLayout, mailDate, P, type MailBrand } from "@/lib/mail/emails/layout";
import { TEXTS } from "@/lib/texts";
import { unlinkable } from "@/lib/mail/free-text";

export type DeliveryMailProps = {
  studio: MailBrand;
  guestName: string;
  galleryTitle: string;
  /** The gallery's background image, or null. */
  heroUrl: string | null;
  /** The guest's personal link. */
  link: string;
  /** When the link stops working (the earlier of the invite's and the gallery's expiry), or null. */
  expiresAt: Date | null;
  /** The open pixel's address. */
  pixelUrl: string;
};

/** The subject: fixed, whatever the studio typed (lib/mail/free-text.ts). */
export const deliverySubject = () => TEXTS.guests.mailSubject;

export function DeliveryMail(props: DeliveryMailProps) {
  // The studio's and the guest's words, with nothing a mail program would make a link of.
  const p = { ...props, studio: { ...props.studio, name: unlinkable(props.studio.name) }, guestName: unlinkable(props.guestName), galleryTitle: unlinkable(props.galleryTitle) };
  return (
    <MailLayout preview={`${p.studio.name} has shared “${p.galleryTitle}” with you.`} heading={p.galleryTitle} brand={p.studio} hero={p.heroUrl ? { src: p.heroUrl, alt: p.galleryTitle } : null}>
      <P>{p.guestName ? `Hi ${p.guestName},` : "Hello,"}</P>
      <P>{`${p.studio.name} has shared the gallery “${p.galleryTitle}” with you. The button below opens it: the link is yours alone, so please do not forward it.`}</P>
      {p.expiresAt ? <P>{`Your link works until ${mailDate(p.expiresAt)}.`}</P> : null}
      {/* The layout's button, here so that the address to copy comes after it. */}
      <Section style={{ margin: "24px 0" }}>
        <Button href={p.link} style={{ background: "#f97316", color: "#ffffff", fontWeight: 600, padding: "12px 22px", borderRadius: 8, textDecoration: "none" }}>
          {TEXTS.guests.mailButton}
        </Button>
      </Section>
      <Text style={{ margin: "0 0 8px", fontSize: 13, lineHeight: 1.5, color: "#71717a" }}>
        If the button does not work, copy this address into your browser:{" "}
        <Link href={p.link} style={{ color: "#c2410c", wordBreak: "break-all" }}>
          {p.link}
        </Link>
      </Text>
      <Img src={p.pixelUrl} width={1} height={1} alt="" style={{ display: "block", width: 1, height: 1, border: 0 }} />
    </MailLayout>
  );
}

/** The subject, HTML and plain text (the pixel is an image: the text has none of it). */
export async function deliveryMail(p: DeliveryMailProps): Promise<MailContent> {
  const mail = await renderMail(deliverySubject(), <DeliveryMail {...p} />);
  return {
    ...mail,
    text: mail.text
      .split(p.pixelUrl)
      .join("")
      .replace(/\n{3,}/g, "\n\n"),
  };
}
