// Review mail (issue 40 item 7), through the real mail layer's outbox: a guest's receipt of each new
// decision in their language (the same decision again mails nothing), and the studio's digest of a
// gallery's review — one per session (told once the guests have been quiet for 5 minutes), never two
// within 15 minutes, each comment and decision told once even when two runs race, with the line
// that the included revision rounds are used.
import { db } from "@/lib/db";
import { PUT as decideDoor } from "@/app/api/public/approval/[videoId]/route";
import { POST as commentDoor } from "@/app/api/public/comments/[videoId]/route";
import { POST as studioCommentDoor } from "@/app/api/videos/comments/[videoId]/route";
import { sendReviewDigests } from "@/lib/services/review/review-mail";
import { forgetGateCache } from "@/lib/services/access/open-gallery";
import { TEXTS } from "@/lib/texts";
import { GUEST_MAIL_TEXTS } from "@/lib/mail/guest-texts";
import { createFolderWithGallery, createGuest, createStudio } from "../helpers/factories";
import { bearerFor, call, request } from "../helpers/requests";

jest.setTimeout(60_000);
beforeEach(() => forgetGateCache());

const MIN = 60_000;

async function setup() {
  const studio = await db.admin.update({ where: { id: (await createStudio()).id }, data: { companyName: "Northlight Films" } });
  const { gallery, videos } = await createFolderWithGallery(studio.id, { videos: 1 });
  await db.video.update({ where: { id: videos[0].id }, data: { durationSec: 120, title: "Ceremony" } });
  await db.gallery.update({ where: { id: gallery.id }, data: { reviewMode: true, title: "Anna & Ben", revisionRounds: 1 } });
  const anna = await createGuest(gallery.id, studio.id, { mayApprove: true, mayComment: true }, "Anna");
  await db.galleryInvite.update({ where: { id: anna.id }, data: { language: "de" } });
  return { studio, gallery, film: videos[0], anna, token: await bearerFor(studio) };
}

const q = (g: string) => `?g=${encodeURIComponent(g)}`;
const decide = (s: Awaited<ReturnType<typeof setup>>, body: unknown) =>
  call(decideDoor, request("PUT", `/api/public/approval/${s.film.id}${q(s.gallery.customUrl)}`, { cookie: s.anna.cookie, body }), { videoId: s.film.id });
const comment = (s: Awaited<ReturnType<typeof setup>>, text: string, time = 12) =>
  call(commentDoor, request("POST", `/api/public/comments/${s.film.id}${q(s.gallery.customUrl)}`, { cookie: s.anna.cookie, body: { text, time } }), { videoId: s.film.id });
const mailsTo = (to: string) => db.mailMessage.findMany({ where: { to }, orderBy: { createdAt: "asc" } });

describe("a guest's receipt", () => {
  it("each new decision mails the guest in their language, with their link; the same decision again mails nothing", async () => {
    const s = await setup();
    const invite = await db.galleryInvite.findUniqueOrThrow({ where: { id: s.anna.id } });
    const de = GUEST_MAIL_TEXTS.de.approval;
    expect((await decide(s, { decision: "changes_requested", note: "Kürzeres Intro, bitte." })).status).toBe(200);
    expect((await decide(s, { decision: "changes_requested", note: "Kürzeres Intro, bitte." })).status).toBe(200);
    expect((await decide(s, { decision: "approved" })).status).toBe(200);
    const mails = await mailsTo(invite.email);
    expect(mails.map((m) => [m.subject, m.status])).toEqual([
      [de.subject(false), "SENT"],
      [de.subject(true), "SENT"],
    ]);
    expect(mails[0].html).toContain(de.heading(false, "Ceremony", 1));
    expect(mails[0].text).toContain("Kürzeres Intro, bitte.");
    expect(mails[0].text).toContain("Northlight Films");
    expect(mails[0].html).toContain('lang="de"');
    expect(mails[1].text).toContain(`/g/${s.gallery.customUrl}`);
  });
});

describe("the studio's review digest", () => {
  it("one mail per session, once the guests are quiet; never two within 15 minutes; each thing told once", async () => {
    const s = await setup();
    const t0 = Date.now();
    expect((await comment(s, "The music is too loud here")).status).toBe(201);
    expect((await comment(s, "And the <b>intro</b> is long", 30)).status).toBe(201);
    // The studio's own words are no news to it.
    await call(studioCommentDoor, request("POST", `/api/videos/comments/${s.film.id}`, { token: s.token, body: { text: "Noted", time: 1 } }), { videoId: s.film.id });
    // (Counts are of this studio's mails: other suites' galleries share the database and the job.)
    await sendReviewDigests(new Date(t0 + 3 * MIN));
    expect(await mailsTo(s.studio.email)).toHaveLength(0);

    // Quiet for 5 minutes: one digest, both comments, once (two runs at once send one).
    await Promise.all([sendReviewDigests(new Date(t0 + 6 * MIN)), sendReviewDigests(new Date(t0 + 6 * MIN))]);
    let mails = await mailsTo(s.studio.email);
    expect(mails.map((m) => m.subject)).toEqual([TEXTS.reviewDigest.subject]);
    expect(mails[0].text).toContain(TEXTS.reviewDigest.comment("Anna", "Ceremony", "0:12", "The music is too loud here"));
    expect(mails[0].text).toContain(TEXTS.reviewDigest.comment("Anna", "Ceremony", "0:30", "And the <b>intro</b> is long"));
    expect(mails[0].html).not.toContain("<b>intro</b>");
    expect(mails[0].text).not.toContain("Noted");
    expect(mails[0].text).toContain(`/studio/galleries/${s.gallery.id}/review`);
    await sendReviewDigests(new Date(t0 + 7 * MIN));
    expect(await mailsTo(s.studio.email)).toHaveLength(1);

    // More activity: not before 15 minutes after the last digest; then only what is new.
    expect((await decide(s, { decision: "changes_requested", note: "Shorter intro" })).status).toBe(200);
    await sendReviewDigests(new Date(t0 + 13 * MIN));
    expect(await mailsTo(s.studio.email)).toHaveLength(1);
    await sendReviewDigests(new Date(t0 + 22 * MIN));
    mails = await mailsTo(s.studio.email);
    expect(mails).toHaveLength(2);
    expect(mails[1].text).toContain(TEXTS.reviewDigest.changes("Anna", "Ceremony", 1, "Shorter intro"));
    expect(mails[1].text).toContain(TEXTS.reviewDigest.roundsUsedUp("Ceremony"));
    expect(mails[1].text).not.toContain("too loud");
  });

  it("a session that goes on is told 15 minutes after its first comment; an inactive studio is told nothing", async () => {
    const s = await setup();
    const t0 = Date.now();
    await comment(s, "First");
    // The guest keeps writing (the newest activity a minute ago): due once the first has waited 15 minutes.
    await db.gallery.update({ where: { id: s.gallery.id }, data: { reviewLastActivityAt: new Date(t0 + 14 * MIN) } });
    await sendReviewDigests(new Date(t0 + 14.5 * MIN));
    expect(await mailsTo(s.studio.email)).toHaveLength(0);
    await db.admin.update({ where: { id: s.studio.id }, data: { status: "NOT_ACTIVE" } });
    await sendReviewDigests(new Date(t0 + 16 * MIN));
    expect(await mailsTo(s.studio.email)).toHaveLength(0);
    await db.admin.update({ where: { id: s.studio.id }, data: { status: "ACTIVE" } });
    await sendReviewDigests(new Date(t0 + 16 * MIN));
    expect(await mailsTo(s.studio.email)).toHaveLength(1);
  });
});
