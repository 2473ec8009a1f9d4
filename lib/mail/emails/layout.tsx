// The frame of every mail: a header (Vidfolio's, or a studio's name and logo for mails a studio
// sends its guests), a card with a heading, paragraphs and an optional button, and a footer.
import type { ReactNode } from "react";
import { Body, Button, Container, Head, Heading, Hr, Html, Img, Preview, Section, Text } from "@react-email/components";

export type MailBrand = { name: string; logoUrl?: string | null };

const VIDFOLIO_BRAND: MailBrand = { name: "Vidfolio" };

export { mailDate, mailDateTime, mailDay } from "@/lib/mail/dates";

const font = "Inter,Segoe UI,Helvetica,Arial,sans-serif";

export function MailLayout(props: {
  /** The mail's language (its HTML's `lang`); English unless said. */
  lang?: string;
  preview: string;
  heading: string;
  brand?: MailBrand;
  /** A picture above the heading (a gallery's background image). */
  hero?: { src: string; alt: string } | null;
  action?: { label: string; url: string };
  signature?: string;
  footer?: string;
  children: ReactNode;
}) {
  const brand = props.brand ?? VIDFOLIO_BRAND;
  const vidfolio = brand === VIDFOLIO_BRAND;
  return (
    <Html lang={props.lang ?? "en"}>
      <Head />
      <Preview>{props.preview}</Preview>
      <Body style={{ margin: 0, background: "#f4f4f5", fontFamily: font, padding: "32px 12px" }}>
        <Container style={{ maxWidth: 560, background: "#ffffff", borderRadius: 14, overflow: "hidden" }}>
          <Section style={{ background: "#0b0d12", padding: "20px 28px", color: "#ffffff" }}>
            {brand.logoUrl ? <Img src={brand.logoUrl} alt={brand.name} height={36} style={{ maxHeight: 36, width: "auto" }} /> : null}
            {brand.logoUrl ? null : <Text style={{ margin: 0, fontSize: 18, fontWeight: 700, color: "#ffffff" }}>{vidfolio ? "▶ Vidfolio" : brand.name}</Text>}
          </Section>
          {props.hero ? <Img src={props.hero.src} alt={props.hero.alt} width={560} style={{ display: "block", width: "100%", height: "auto" }} /> : null}
          <Section style={{ padding: 28 }}>
            <Heading as="h1" style={{ margin: "0 0 16px", fontSize: 22, color: "#18181b" }}>
              {props.heading}
            </Heading>
            {props.children}
            {props.action ? (
              <Section style={{ margin: "24px 0" }}>
                <Button href={props.action.url} style={{ background: "#f97316", color: "#ffffff", fontWeight: 600, padding: "12px 22px", borderRadius: 8, textDecoration: "none" }}>
                  {props.action.label}
                </Button>
              </Section>
            ) : null}
            <Text style={{ margin: "24px 0 0", fontSize: 13, color: "#71717a" }}>{props.signature ?? (vidfolio ? "— The Vidfolio team" : `— ${brand.name}`)}</Text>
          </Section>
        </Container>
        <Hr style={{ border: "none", margin: "8px 0" }} />
        <Text style={{ fontSize: 12, color: "#a1a1aa", textAlign: "center" }}>{props.footer ?? "Vidfolio · Film delivery for professional videographers"}</Text>
      </Body>
    </Html>
  );
}

/** A paragraph of a mail. */
export function P({ children }: { children: ReactNode }) {
  return <Text style={{ margin: "0 0 16px", fontSize: 15, lineHeight: 1.6, color: "#3f3f46" }}>{children}</Text>;
}
