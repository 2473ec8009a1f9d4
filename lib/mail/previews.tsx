// Every mail Vidfolio sends, with sample data: the development preview (/dev/mails) renders each,
// and tests/unit/mail-previews.test.tsx checks that each renders and that every mail component in
// lib/mail/emails has an entry here. A new mail gets its entry in this list.
import "@/lib/server-only";
import type { MailContent } from "@/lib/mail/render";
import { accountApproved, exportReady, passwordReset, registrationReceived, signupWithExistingEmail, superadminMessage, webhookDisabled } from "@/lib/mail/templates";
import { deliveryMail } from "@/lib/mail/emails/delivery";
import { reminderMail } from "@/lib/mail/emails/reminder";
import { digestMail } from "@/lib/mail/emails/digest";
import { activityMail } from "@/lib/mail/emails/activity";
import { planLapseMail } from "@/lib/mail/emails/plan-lapse";
import { approvalReceiptMail, reviewDigestMail } from "@/lib/mail/emails/review";
import { galleryPaidNotice, galleryReceipt } from "@/lib/mail/emails/payment";
import { accessRequestMail } from "@/lib/mail/emails/access-request";
import type { MailBrand } from "@/lib/mail/emails/layout";

export type MailPreview = {
  /** The anchor and `?mail=` value of the preview page. */
  id: string;
  label: string;
  /** When it is sent. */
  when: string;
  /** The file of its component. */
  source: string;
  render: () => Promise<MailContent>;
};

const APP = "https://app.vidfolio.example";
const GALLERY = "https://films.northlight.example/anna-and-james";
const STUDIO: MailBrand = { name: "Northlight Films", logoUrl: null };
/** The sample's link token (43 characters, as a real one). */
const TOKEN = "s4mPl3-t0k3n_f0r-th3-pr3v13w-0nly-n0t-r3al1";
/** A transparent GIF, so the preview loads nothing from elsewhere. */
const PIXEL = "data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7";
const SAMPLE_EXPIRY = new Date(Date.UTC(2026, 11, 12, 18, 0));
/** A delivery mail's sample guest, gallery and link (its language, words and PIN note vary by entry). */
const DELIVERY_SAMPLE = {
  studio: STUDIO,
  guestName: "Anna",
  galleryTitle: "Anna & James — The Wedding",
  heroUrl: null,
  link: `${GALLERY}?k=${TOKEN}`,
  expiresAt: SAMPLE_EXPIRY,
  pixelUrl: PIXEL,
};
/** A sample plan's end and the end of its grace (30 days later). */
const PLAN_END = new Date(Date.UTC(2026, 11, 2, 9, 30));
const GRACE_END = new Date(Date.UTC(2027, 0, 1, 9, 30));
const LAPSE_LINKS = { studioName: "Anna Lindqvist", plan: "Pro", exportUrl: `${APP}/studio/account/export`, planUrl: `${APP}/studio/account/planbill` };

const PAID_SAMPLE = { studioName: "Northlight Films", galleryTitle: "Anna & James — The Wedding", amount: 100000, currency: "eur", paidAt: new Date(Date.UTC(2026, 10, 28, 14, 5)) };

export const MAIL_PREVIEWS: MailPreview[] = [
  {
    id: "gallery-receipt",
    label: "Payment receipt (paid delivery)",
    when: "A guest paid a gallery's price (Paid delivery): to the payer.",
    source: "lib/mail/emails/payment.tsx",
    render: () => galleryReceipt({ ...PAID_SAMPLE, galleryUrl: GALLERY, language: "en" }),
  },
  {
    id: "gallery-paid",
    label: "Gallery paid (paid delivery)",
    when: "A guest paid a gallery's price (Paid delivery): to the studio.",
    source: "lib/mail/emails/payment.tsx",
    render: () => galleryPaidNotice({ ...PAID_SAMPLE, payerEmail: "anna@example.com", studioUrl: `${APP}/studio` }),
  },
  {
    id: "access-request",
    label: "Access request (expired gallery)",
    when: "A guest used Ask for access on an expired gallery's page: to the studio.",
    source: "lib/mail/emails/access-request.tsx",
    render: () =>
      accessRequestMail({
        galleryTitle: "Anna & James — The Wedding",
        name: "Anna Lindqvist",
        email: "anna@example.com",
        message: "We missed the date. Could we have the films for another month?",
        settingsUrl: `${APP}/studio/galleries/0b7e7c1e-2f7a-4c1a-9b1e-5d6f7a8b9c0d/settings`,
      }),
  },
  {
    id: "registration",
    label: "Registration received",
    when: "A studio signs up.",
    source: "lib/mail/templates.tsx",
    render: () => registrationReceived(),
  },
  {
    id: "existing-email",
    label: "Sign-up with an existing address",
    when: "Someone signs up with the address of an existing account.",
    source: "lib/mail/templates.tsx",
    render: () => signupWithExistingEmail(`${APP}/login`),
  },
  {
    id: "approved",
    label: "Studio approved",
    when: "The super admin switches a studio to Active.",
    source: "lib/mail/templates.tsx",
    render: () => accountApproved("Anna Lindqvist", `${APP}/login`, "2.00 GB"),
  },
  {
    id: "password-reset",
    label: "Password reset",
    when: "Someone asks for a new password (Forgot password?).",
    source: "lib/mail/templates.tsx",
    render: () => passwordReset(`${APP}/reset-password?token=sample-token`, 60),
  },
  {
    id: "export-ready",
    label: "Export ready",
    when: "A studio's export (Account → Export) has been written.",
    source: "lib/mail/templates.tsx",
    render: () => exportReady("12.41 GB", "Dec 12, 2026 6:00 PM", `${APP}/studio/account/export`),
  },
  {
    id: "webhook-disabled",
    label: "Webhook endpoint disabled",
    when: "A studio's webhook endpoint has failed every delivery for 3 days (Account → Webhooks).",
    source: "lib/mail/templates.tsx",
    render: () => webhookDisabled("https://crm.northlight.example/hooks/vidfolio", "Nov 24, 2026 9:30 AM", `${APP}/studio/account/webhooks`),
  },
  {
    id: "superadmin-message",
    label: "A message from the super admin",
    when: "The super admin sends a mail through POST /api/users/sentMail (its own HTML in the layout).",
    source: "lib/mail/templates.tsx",
    render: () => superadminMessage("Scheduled maintenance", "<p>Hello,</p><p>Vidfolio will be <b>read-only</b> for ten minutes on Sunday at 06:00 UTC while we upgrade the database.</p>"),
  },
  {
    id: "delivery",
    label: "Delivery to a guest",
    when: "A studio sends a guest their personal link.",
    source: "lib/mail/emails/delivery.tsx",
    render: () =>
      deliveryMail({
        ...DELIVERY_SAMPLE,
        language: "en",
        subject: null,
        message: "It was a joy to film your day.\nThe first films are ready; the rest follow next week.",
        pin: { mode: "ask" },
      }),
  },
  {
    id: "delivery-fr",
    label: "Delivery to a guest (French, PIN included)",
    when: "A studio sends a French-speaking guest their personal link, with the download PIN.",
    source: "lib/mail/emails/delivery.tsx",
    render: () =>
      deliveryMail({
        ...DELIVERY_SAMPLE,
        language: "fr",
        subject: "Vos films sont prêts",
        message: null,
        pin: { mode: "mail", pin: "2468" },
      }),
  },
  {
    id: "reminder-7",
    label: "Expiry reminder (7 days)",
    when: "7 days before a gallery expires, to each of its guests (reminders on).",
    source: "lib/mail/emails/reminder.tsx",
    render: () =>
      reminderMail({
        brand: STUDIO,
        galleryTitle: "Anna & James — The Wedding",
        guestName: "Anna",
        daysLeft: 7,
        expiresAt: SAMPLE_EXPIRY,
        link: `${GALLERY}?k=${TOKEN}`,
        downloads: true,
        language: "en",
      }),
  },
  {
    id: "approval-receipt",
    label: "Approval receipt (changes requested, German)",
    when: "When a guest who may approve decides on a film (review), in the guest's language.",
    source: "lib/mail/emails/review.tsx",
    render: () =>
      approvalReceiptMail({
        brand: STUDIO,
        galleryTitle: "Anna & James — The Wedding",
        guestName: "Anna",
        film: "Ceremony",
        version: 2,
        approved: false,
        note: "Ein kürzeres Intro, bitte.",
        link: `${GALLERY}?k=${TOKEN}`,
        language: "de",
      }),
  },
  {
    id: "review-digest",
    label: "Review digest (studio)",
    when: "To the studio once its guests' review session on a gallery has been quiet for 5 minutes (at most one per gallery per 15 minutes).",
    source: "lib/mail/emails/review.tsx",
    render: () =>
      reviewDigestMail({
        studioName: "Northlight Films",
        gallery: "Anna & James — The Wedding",
        lines: [
          "Anna commented on Ceremony at 2:13: “The music is too loud here.”",
          "Anna requested changes on Ceremony (v1): “A shorter intro, please.”",
          "Ceremony: the revision rounds included are used.",
        ],
        more: 0,
        reviewUrl: `${APP}/studio/galleries/sample/review`,
      }),
  },
  {
    id: "reminder-1",
    label: "Expiry reminder (tomorrow, downloads off)",
    when: "1 day before a gallery expires; the download line only when downloads are on.",
    source: "lib/mail/emails/reminder.tsx",
    render: () =>
      reminderMail({
        brand: STUDIO,
        galleryTitle: "Anna & James — The Wedding",
        guestName: "",
        daysLeft: 1,
        expiresAt: SAMPLE_EXPIRY,
        link: `${GALLERY}?k=${TOKEN}`,
        downloads: false,
        language: "en",
      }),
  },
  {
    id: "plan-ending",
    label: "Plan set to end",
    when: "A studio's Pro or Unlimited subscription is set to end at the end of its period (cancelled in the billing portal).",
    source: "lib/mail/emails/plan-lapse.tsx",
    render: () => planLapseMail({ ...LAPSE_LINKS, kind: "ending", endsAt: PLAN_END, graceUntil: GRACE_END }),
  },
  {
    id: "plan-payment-failed",
    label: "Renewal payment failed",
    when: "A renewal invoice of a studio's subscription could not be paid (once per invoice, whatever the retries).",
    source: "lib/mail/emails/plan-lapse.tsx",
    render: () => planLapseMail({ ...LAPSE_LINKS, kind: "payment-failed", retryAt: new Date(Date.UTC(2026, 10, 28, 9, 30)) }),
  },
  {
    id: "plan-ended",
    label: "Plan ended",
    when: "A studio's subscription has ended: its grace starts.",
    source: "lib/mail/emails/plan-lapse.tsx",
    render: () => planLapseMail({ ...LAPSE_LINKS, kind: "ended", endedAt: PLAN_END, graceUntil: GRACE_END }),
  },
  {
    id: "plan-grace-ending",
    label: "Grace ends in 7 days",
    when: "7 days before the grace of a plan that ended is over (the worker's plan-lapses job).",
    source: "lib/mail/emails/plan-lapse.tsx",
    render: () => planLapseMail({ ...LAPSE_LINKS, kind: "grace-ending", endedAt: PLAN_END, graceUntil: GRACE_END, daysLeft: 7 }),
  },
  {
    id: "digest",
    label: "Daily digest to a studio",
    when: "Each day, to a studio that turned the digest on, when its guests watched or downloaded something.",
    source: "lib/mail/emails/digest.tsx",
    render: () =>
      digestMail({
        studioName: "Anna Lindqvist",
        period: "Tuesday 24 November 2026 (UTC)",
        galleries: [
          {
            name: "Anna & James — The Wedding",
            url: `${APP}/studio/galleries`,
            lines: ["Anna watched “Highlights” (4:12 of 4:30)", "Guest 2 downloaded “Ceremony”"],
          },
        ],
        events: [{ name: "Anna & James — The Wedding", url: `${APP}/studio/galleries`, lines: ["Anna opened the gallery for the first time"] }],
        more: 3,
        studioUrl: `${APP}/studio/galleries`,
      }),
  },
  {
    id: "activity",
    label: "Activity mail to a studio",
    when: "A minute after events the studio set to “Mail at once” (refunds, failed films, galleries about to expire; downloads and first views if chosen).",
    source: "lib/mail/emails/activity.tsx",
    render: () =>
      activityMail({
        studioName: "Anna Lindqvist",
        galleries: [
          { name: "Anna & James — The Wedding", url: `${APP}/studio/galleries`, lines: ["The payment of $1,200.00 was refunded", "The gallery expires in 7 days (Dec 14, 2026)"] },
          { name: "Harbor Lofts — Listing", url: `${APP}/studio/galleries`, lines: ["Drone pass could not be processed: The file is damaged."] },
        ],
        count: 3,
        more: 0,
        activityUrl: `${APP}/studio/galleries`,
      }),
  },
];
