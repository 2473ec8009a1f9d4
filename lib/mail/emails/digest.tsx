// The daily digest a studio may ask for (lib/services/guests/digest.ts): what its guests watched
// and downloaded the day before, one line per viewer and film, grouped by gallery.
import { Link, Section, Text } from "@react-email/components";
import { MailLayout, P } from "@/lib/mail/emails/layout";
import { renderMail, type MailContent } from "@/lib/mail/render";
import { TEXTS } from "@/lib/texts";
import { unlinkable } from "@/lib/mail/free-text";

export type DigestGallery = { name: string; url: string; lines: string[] };
export type DigestContent = {
  studioName: string;
  /** The (UTC) day covered, in words ("Tuesday, 24 November 2026"). */
  period: string;
  galleries: DigestGallery[];
  /** The activity events set to the digest, by gallery (lib/services/platform/activity/mail.ts). */
  events: DigestGallery[];
  /** Lines left out to keep the mail short (the studio's insights have them all). */
  more: number;
  studioUrl: string;
};

function DigestMail({ studioName, period, galleries, events, more, studioUrl }: DigestContent) {
  const t = TEXTS.digest;
  return (
    <MailLayout preview={galleries.flatMap((g) => g.lines)[0] ?? unlinkable(events[0]?.lines[0] ?? t.heading)} heading={t.heading} action={{ label: t.button, url: studioUrl }} footer={t.footer}>
      <P>{`Hi ${studioName},`}</P>
      <P>{t.intro(period)}</P>
      <GallerySections galleries={galleries} />
      {events.length > 0 ? (
        <>
          <P>{TEXTS.activity.mail.digestTitle}</P>
          <GallerySections galleries={unlinkableLines(events)} />
        </>
      ) : null}
      {more > 0 ? <P>{t.more(more)}</P> : null}
    </MailLayout>
  );
}

/** The lines with what guests wrote made safe: never a link (lib/mail/free-text.ts). */
export const unlinkableLines = (galleries: DigestGallery[]): DigestGallery[] => galleries.map((g) => ({ ...g, name: unlinkable(g.name), lines: g.lines.map(unlinkable) }));

/** Lines grouped under their gallery's linked name (the digest's, the activity mail's). */
export function GallerySections({ galleries }: { galleries: DigestGallery[] }) {
  return galleries.map((g) => (
    <Section key={g.url} style={{ margin: "0 0 18px" }}>
      <Text style={{ margin: "0 0 6px", fontSize: 15, fontWeight: 700, color: "#18181b" }}>
        <Link href={g.url} style={{ color: "#18181b", textDecoration: "underline" }}>
          {g.name}
        </Link>
      </Text>
      {g.lines.map((line, i) => (
        <Text key={i} style={{ margin: "0 0 4px", fontSize: 14, lineHeight: 1.5, color: "#3f3f46" }}>
          {`• ${line}`}
        </Text>
      ))}
    </Section>
  ));
}

export function digestMail(content: DigestContent): Promise<MailContent> {
  return renderMail(TEXTS.digest.subject, <DigestMail {...content} />);
}
