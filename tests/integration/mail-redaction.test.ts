// Issue 36 item 8: the super admin's outbox showed guests' personal links in full (`?k=` opens a
// locked gallery). Every mail that carries a secret is rendered here with a known one, recorded,
// and read back as the super admin reads the outbox: no secret appears, the rest of the mail does.
import { recordMail } from "@/lib/mail";
import { passwordReset, exportReady } from "@/lib/mail/templates";
import { deliveryMail } from "@/lib/mail/emails/delivery";
import { reminderMail } from "@/lib/mail/emails/reminder";
import { personalLink } from "@/lib/services/galleries/rules/gallery-paths";
import { listMail } from "@/lib/services/platform/records";
import { recordsQuerySchema } from "@/lib/validation/records";
import { redactMailText } from "@/lib/mail/redact";
import { createSuperadmin } from "../helpers/factories";

const BASE = "https://films.example.com";
const SECRETS = {
  reset: "RESETtok_abc-123",
  guestKey: "GUESTkey_def-456",
  reminderKey: "REMINDkey_ghi-789",
  pixelSig: "PIXELsig_jkl",
  logoSig: "LOGOsig_mno",
  s3Signature: "S3sig0123456789abcdef",
  s3Credential: "AKIACRED%2F20261127%2Fus-east-1",
  cloudFrontSignature: "CFsig~abc__",
  cloudFrontPolicy: "CFpolicyXYZ",
  downloadPin: "482913",
  downloadPinFr: "73519",
};
const inviteId = "0b6f1c0e-3f0a-4c54-9d3e-2f4b7a0c1d22";

/** Each mail the app sends that carries a secret, with what its reader must still see. */
async function mails(tag: string) {
  const signedS3 = `https://store.example.com/bucket/a/b/bg.jpg?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=${SECRETS.s3Credential}&X-Amz-Signature=${SECRETS.s3Signature}`;
  const signedCloudFront = `https://cdn.example.com/a/logo.png?Expires=1900000000&Policy=${SECRETS.cloudFrontPolicy}&Signature=${SECRETS.cloudFrontSignature}&Key-Pair-Id=K2JCJMDEHXQW5F`;
  return [
    {
      mail: await passwordReset(`https://app.example.com/reset-password?token=${SECRETS.reset}`, 60),
      shows: ["RESET YOUR PASSWORD", "The link works once", "https://app.example.com/reset-password?token=…"],
    },
    {
      mail: await deliveryMail({
        studio: { name: `Studio ${tag}`, logoUrl: `https://app.example.com/api/public/invites/media/${inviteId}?a=logo&s=${SECRETS.logoSig}` },
        guestName: "Ada",
        galleryTitle: "Our wedding",
        heroUrl: signedS3,
        link: personalLink(BASE, "our-wedding", SECRETS.guestKey),
        expiresAt: new Date("2026-12-31T00:00:00Z"),
        pixelUrl: `https://app.example.com/api/public/invites/open/${inviteId}?s=${SECRETS.pixelSig}`,
        language: "en",
        subject: null,
        message: null,
        pin: { mode: "mail", pin: SECRETS.downloadPin },
      }),
      shows: ["Our wedding", "Ada", `${BASE}/our-wedding?k=…`, "Your download PIN:"],
    },
    {
      // The same in French (issue 39 item 3): "PIN" precedes the PIN in every language.
      mail: await deliveryMail({
        studio: { name: `Studio ${tag}` },
        guestName: "Ada",
        galleryTitle: "Notre mariage",
        heroUrl: null,
        link: personalLink(BASE, "notre-mariage", SECRETS.guestKey),
        expiresAt: null,
        pixelUrl: `https://app.example.com/api/public/invites/open/${inviteId}?s=${SECRETS.pixelSig}`,
        language: "fr",
        subject: null,
        message: null,
        pin: { mode: "mail", pin: SECRETS.downloadPinFr },
      }),
      shows: ["Notre mariage", "Votre code de téléchargement (PIN) :"],
    },
    {
      mail: await reminderMail({
        brand: { name: `Studio ${tag}`, logoUrl: signedCloudFront },
        galleryTitle: "Our wedding",
        guestName: "Ada",
        daysLeft: 3,
        expiresAt: new Date("2026-12-31T00:00:00Z"),
        link: personalLink(BASE, "our-wedding", SECRETS.reminderKey),
        downloads: true,
        language: "en",
      }),
      shows: ["Our wedding", `${BASE}/our-wedding?k=…`],
    },
    { mail: await exportReady("12 MB", "December 31, 2026", `https://app.example.com/studio/account?download=${SECRETS.reset}x`), shows: ["https://app.example.com/studio/account?download=…"] },
  ];
}

it("the super admin's outbox shows every mail without its secrets, and the rest of it", async () => {
  const admin = await createSuperadmin();
  const tag = `redact-${Date.now()}`;
  const all = await mails(tag);
  // The mails do carry them (else this test would prove nothing).
  const carried = all.map(({ mail }) => `${mail.html}\n${mail.text}`).join("\n");
  for (const secret of [SECRETS.reset, SECRETS.guestKey, SECRETS.reminderKey, SECRETS.pixelSig, SECRETS.s3Signature, SECRETS.downloadPin, SECRETS.downloadPinFr]) expect(carried).toContain(secret);
  for (const { mail } of all) await recordMail({ ...mail, to: `${tag}@example.test` });

  const list = await listMail(admin, recordsQuerySchema.parse({ q: tag }));
  expect(list.rows).toHaveLength(all.length);
  const seen = JSON.stringify(list.rows);
  const shown = Object.entries(SECRETS).filter(([, secret]) => seen.includes(secret) || seen.includes(decodeURIComponent(secret)));
  expect(shown.map(([name]) => name)).toEqual([]);
  for (const { mail, shows } of all) {
    const row = list.rows.find((r) => r.subject === mail.subject)!;
    expect(row).toBeDefined();
    for (const words of shows) expect(row.text).toContain(words);
  }
});

it("one rule: every parameter of every link, and its fragment, is hidden; the words around are kept", () => {
  expect(redactMailText("Open https://a.example/g/x?k=abc&lang=fr#t=1 now")).toBe("Open https://a.example/g/x?k=…&lang=…#… now");
  expect(redactMailText("Open [https://a.example/r?token=abc] or (/p?s=1).")).toBe("Open [https://a.example/r?token=…] or (/p?s=…).");
  expect(redactMailText('<a href="https://a.example/x?k=abc&amp;s=def">link</a>')).toBe('<a href="https://a.example/x?k=…&amp;s=…">link</a>');
  expect(redactMailText("Questions? Write to us & we answer.")).toBe("Questions? Write to us & we answer.");
  // A download PIN: the digits after the word "PIN" (a tag or a colon between), never other numbers.
  expect(redactMailText("Your download PIN: <!-- --> <strong>482913</strong>")).toBe("Your download PIN: <!-- --> <strong>…</strong>");
  expect(redactMailText("Votre code de téléchargement (PIN) : 7351")).toBe("Votre code de téléchargement (PIN) : …");
  expect(redactMailText("Downloads ask for a PIN: please ask Studio 2026 for it.")).toBe("Downloads ask for a PIN: please ask Studio 2026 for it.");
});
