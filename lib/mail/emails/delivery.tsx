// The delivery mail a studio sends a guest (its personal link): the studio's name and logo,
// the gallery's title and background image, the studio's personal message, a button to the guest's
// personal link, the link's expiry, what to do about the download PIN, and a 1×1 open pixel; in the
// guest's language (lib/mail/guest-texts/). The studio's and the guest's words are text, never
// markup (React escapes them) and never links (lib/mail/free-text.ts), in the subject too. Every
// address in it is absolute and lives as long as the mail needs it (the images and the pixel go
// through the app's public invite doors, not short-lived signed media addresses).
import "@/lib/server-only";
import { Button, Img, Link, Section, Text } from "@react-email/components";
import { renderMail, type MailContent } from "@/lib/mail/render";
import { MailLayout, P, type MailBrand } from "@/lib/mail/emails/layout";
import { unlinkable } from "@/lib/mail/free-text";
import { guestMailTexts } from "@/lib/mail/guest-texts";
import type { ViewerLanguage } from "@/lib/viewer-i18n/types";

/** What the mail says of the gallery's download PIN: the PIN itself, or to ask the studio; null without a PIN. */
export type PinNote = { mode: "mail"; pin: string } | { mode: "ask" } | null;

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
  language: ViewerLanguage;
  /** The studio's subject, or null for the language's own. */
  subject: string | null;
  /** The studio's personal message (plain text; its line breaks kept), or null. */
  message: string | null;
  pin: PinNote;
};

/** The subject: the studio's (never a link) or the language's own. */
const deliverySubject = (p: Pick<DeliveryMailProps, "subject" | "language">): string => (p.subject ? unlinkable(p.subject) : guestMailTexts(p.language).delivery.subject);

const note = { margin: "0 0 16px", fontSize: 15, lineHeight: 1.6, color: "#3f3f46" } as const;

function DeliveryMail(props: DeliveryMailProps) {
  const t = guestMailTexts(props.language);
  // The studio's and the guest's words, with nothing a mail program would make a link of.
  const studio = unlinkable(props.studio.name);
  const guestName = unlinkable(props.guestName);
  const title = unlinkable(props.galleryTitle);
  const message = props.message ? unlinkable(props.message) : null;
  return (
    <MailLayout
      lang={t.locale}
      preview={t.delivery.preview(studio, title)}
      heading={title}
      brand={{ ...props.studio, name: studio }}
      hero={props.heroUrl ? { src: props.heroUrl, alt: title } : null}
      footer={t.signatureFooter}
    >
      <P>{guestName ? t.greeting(guestName) : t.hello}</P>
      <P>{t.delivery.shared(studio, title)}</P>
      {message ? (
        <Section style={{ margin: "0 0 16px", padding: "12px 16px", background: "#fafafa", borderLeft: "3px solid #f97316" }}>
          <Text style={{ margin: "0 0 6px", fontSize: 13, color: "#71717a" }}>{t.delivery.messageFrom(studio)}</Text>
          <Text style={{ ...note, margin: 0, whiteSpace: "pre-line" }}>{message}</Text>
        </Section>
      ) : null}
      {props.expiresAt ? <P>{t.delivery.linkUntil(t.date(props.expiresAt))}</P> : null}
      {props.pin?.mode === "mail" ? (
        <P>
          {t.delivery.pinIncluded} <strong>{props.pin.pin}</strong>
        </P>
      ) : null}
      {props.pin?.mode === "ask" ? <P>{t.delivery.pinAsk(studio)}</P> : null}
      {/* The layout's button, here so that the address to copy comes after it. */}
      <Section style={{ margin: "24px 0" }}>
        <Button href={props.link} style={{ background: "#f97316", color: "#ffffff", fontWeight: 600, padding: "12px 22px", borderRadius: 8, textDecoration: "none" }}>
          {t.delivery.button}
        </Button>
      </Section>
      <Text style={{ margin: "0 0 8px", fontSize: 13, lineHeight: 1.5, color: "#71717a" }}>
        {t.delivery.copyAddress}{" "}
        <Link href={props.link} style={{ color: "#c2410c", wordBreak: "break-all" }}>
          {props.link}
        </Link>
      </Text>
      <Img src={props.pixelUrl} width={1} height={1} alt="" style={{ display: "block", width: 1, height: 1, border: 0 }} />
    </MailLayout>
  );
}

/** The subject, HTML and plain text (the pixel is an image: the text has none of it). */
export async function deliveryMail(p: DeliveryMailProps): Promise<MailContent> {
  const mail = await renderMail(deliverySubject(p), <DeliveryMail {...p} />);
  return {
    ...mail,
    text: mail.text
      .split(p.pixelUrl)
      .join("")
      .replace(/\n{3,}/g, "\n\n"),
  };
}
