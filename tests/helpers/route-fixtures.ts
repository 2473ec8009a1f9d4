// One studio's data (studio A) made through the real database and store, with the ids a route's
// dynamic segment may take. The isolation matrix and the bad-input properties call every route
// with these ids while acting as someone else.
import { randomUUID } from "node:crypto";
import { db } from "@/lib/db";
import { createFolderWithGallery, createStudio } from "./factories";
import { inviteToken, newInviteSalt, tokenHash } from "@/lib/auth/guest-link";
import { putObject, putObjects } from "./storage";
import type { RouteFile } from "./routes";
import { sealSecret } from "@/lib/security/secret-box";
import { SECRET_LABEL } from "@/lib/services/platform/webhooks/deliver";

export async function createStudioWithData(opts: { name?: string } = {}) {
  const tag = randomUUID().slice(0, 8);
  const admin = await db.admin.update({
    where: { id: (await createStudio({ creditsMb: 500, name: opts.name })).id },
    data: { domainUrl: `studio-${tag}.example.test`, companyName: `Company ${tag}`, companyLogoUrl: null },
  });
  const { folder, gallery, videos } = await createFolderWithGallery(admin.id, { videos: 2, folderName: `Private folder ${tag}` });
  const assetKey = `${admin.id}/assets/${tag}_logo.png`;
  const bgKey = `${admin.id}/${folder.id}/${gallery.id}/${tag}_bg.png`;
  await db.gallery.update({ where: { id: gallery.id }, data: { bgImageUrl: bgKey, subtitle: `Subtitle ${tag}` } });
  const chapter = await db.chapter.create({ data: { title: `Chapter ${tag}`, cueSeconds: 5, videoId: videos[0].id } });
  await db.showcaseItem.create({ data: { galleryId: gallery.id, videoId: videos[0].id, position: 0 } });
  const payment = await db.payment.create({
    data: { adminId: admin.id, provider: "local", providerSessionId: `cs_local_${tag}`, mode: "payment", plan: "ON_DEMAND", creditBytes: BigInt(5 * 1024 ** 2), amountCents: 500 },
  });
  const subscription = await db.subscription.create({
    data: { adminId: admin.id, provider: "local", providerSubscriptionId: `sub_local_${tag}`, plan: "PRO", allotmentGrantedUntil: new Date(Date.now() + 86400_000) },
  });
  const uploadKey = `${admin.id}/${folder.id}/${gallery.id}/${tag}_upload.mp4`;
  const upload = await db.upload.create({
    data: {
      adminId: admin.id,
      galleryId: gallery.id,
      kind: "video",
      key: uploadKey,
      multipartUploadId: `mpu-${tag}`,
      fileName: "upload.mp4",
      contentType: "video/mp4",
      declaredBytes: BigInt(1024),
      reservedBytes: BigInt(1024),
    },
  });
  // A guest of the gallery with a personal link (issue 21).
  const inviteId = randomUUID();
  const inviteSalt = newInviteSalt();
  const invite = await db.galleryInvite.create({
    data: {
      id: inviteId,
      galleryId: gallery.id,
      adminId: admin.id,
      name: `Guest ${tag}`,
      email: `guest-${tag}@example.test`,
      salt: inviteSalt,
      tokenHash: tokenHash(inviteToken(inviteId, inviteSalt)),
    },
  });
  // Review comments on a film (issue 40): the studio's thread, and the guest's reply.
  const comment = await db.videoComment.create({
    data: { videoId: videos[0].id, galleryId: gallery.id, adminId: admin.id, version: 1, byStudio: true, authorName: `Company ${tag}`, text: `Comment ${tag}`, time: 3 },
  });
  const reply = await db.videoComment.create({
    data: { videoId: videos[0].id, galleryId: gallery.id, adminId: admin.id, version: 1, inviteId, authorName: `Guest ${tag}`, text: `Reply ${tag}`, time: 3, parentId: comment.id },
  });
  // The guest's decision on the film (issue 40 item 5; the gallery stays in delivery, so the public
  // doors' matrix still reaches every film: tests/integration/protected-doors.test.ts has review's states).
  await db.videoApproval.create({
    data: { videoId: videos[0].id, galleryId: gallery.id, adminId: admin.id, inviteId, guestName: `Guest ${tag}`, version: 1, decision: "CHANGES_REQUESTED", note: `Note ${tag}` },
  });
  // An earlier version kept of the second film (issue 40 item 4): it is on v2, v1's file kept.
  const keptKey = `${admin.id}/${folder.id}/${gallery.id}/${tag}_v1.mp4`;
  await db.video.update({ where: { id: videos[1].id }, data: { version: 2 } });
  const keptVersion = await db.videoVersion.create({ data: { videoId: videos[1].id, adminId: admin.id, version: 1, storageKey: keptKey, sizeBytes: BigInt(1024), filedAt: new Date() } });
  // The studio's own payment account (issue 41 item 1), the test provider's.
  const payoutAccount = await db.payoutAccount.create({ data: { adminId: admin.id, provider: "local", accountId: `local_acct_${randomUUID().replace(/-/g, "").slice(0, 24)}` } });
  // A guest's open checkout of the gallery's price on the test provider (issue 41).
  const galleryPayment = await db.galleryPayment.create({
    data: {
      galleryId: gallery.id,
      adminId: admin.id,
      provider: "local",
      accountId: payoutAccount.accountId,
      sessionId: `local_gcs_${randomUUID().replace(/-/g, "")}`,
      url: "http://localhost:3000/pay/test/x",
      amount: 1000,
      currency: "eur",
      priceVersion: 1,
      payerEmail: `payer-${tag}@example.test`,
    },
  });
  // A film's captions (issue 22).
  const captionKey = `${admin.id}/${folder.id}/${gallery.id}/${tag}_captions_en.vtt`;
  const caption = await db.caption.create({ data: { videoId: videos[0].id, adminId: admin.id, language: "en", label: `Captions ${tag}`, storageKey: captionKey, cueCount: 1, sizeBytes: 10 } });
  // A webhook endpoint with one delivery in its log (issue 38.4).
  const endpointId = randomUUID();
  const webhook = await db.webhookEndpoint.create({
    data: { id: endpointId, adminId: admin.id, url: `https://hooks-${tag}.example.test/in`, events: ["film.ready"], secret: sealSecret(SECRET_LABEL, endpointId, `whsec_${tag}`) },
  });
  const event = await db.studioEvent.create({ data: { adminId: admin.id, type: "film.ready", objectId: videos[0].id, payload: { id: videos[0].id, title: videos[0].title } } });
  const delivery = await db.webhookDelivery.create({ data: { endpointId, eventId: event.id, objectId: videos[0].id, status: "failed", attempts: 1, lastStatus: 500 } });
  await putObjects([...videos.map((v) => v.storageKey), assetKey, bgKey, keptKey]);
  // The file as a viewer reads it (a public door serves it whole): captions, not its key.
  await putObject(captionKey, Buffer.from("WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nHello\n"), "text/vtt");
  // A studio API key (issue 38): its row only (the matrix names it by id; its secret is never stored).
  const apiKey = await db.apiKey.create({ data: { adminId: admin.id, name: `Key ${tag}`, scopes: ["read"], prefix: tag.replace(/[^a-z0-9]/g, "0"), secretHash: "0".repeat(64) } });
  // A customer of the studio (issue 60 item 1), the gallery linked to them.
  const customer = await db.customer.create({ data: { adminId: admin.id, name: `Customer ${tag}`, email: `customer-${tag}@example.test`, phone: `+1 555 ${tag}`, notes: `Notes ${tag}` } });
  await db.gallery.update({ where: { id: gallery.id }, data: { customerId: customer.id } });
  return {
    admin,
    customer,
    folder,
    gallery,
    videos,
    chapter,
    comment,
    reply,
    payment,
    subscription,
    upload,
    invite,
    caption,
    apiKey,
    webhook,
    delivery,
    keptVersion,
    payoutAccount,
    galleryPayment,
    assetKey,
    bgKey,
    uploadKey,
    tag,
  };
}

export type StudioData = Awaited<ReturnType<typeof createStudioWithData>>;

/**
 * The values each dynamic segment name may take: studio A's real ids. An `[id]` may name any kind
 * of row, so it is tried with every one. A segment missing here fails the matrix: add it, with the
 * ids of studio A it can name, when you add a route.
 */
export const SEGMENTS: Record<string, (a: StudioData) => (string | string[])[]> = {
  id: (a) => [a.admin.id, a.folder.id, a.gallery.id, a.videos[0].id, a.chapter.id, a.subscription.id, a.payment.id, a.upload.id],
  adminId: (a) => [a.admin.id],
  folderId: (a) => [a.folder.id],
  galleryId: (a) => [a.gallery.id],
  videoId: (a) => [a.videos[0].id, a.videos[1].id],
  chapterId: (a) => [a.chapter.id],
  sessionId: (a) => [a.payment.providerSessionId, a.galleryPayment.sessionId],
  subscriptionId: (a) => [a.subscription.id],
  uploadId: (a) => [a.upload.id],
  inviteId: (a) => [a.invite.id],
  captionId: (a) => [a.caption.id],
  commentId: (a) => [a.comment.id, a.reply.id],
  keyId: (a) => [a.apiKey.id],
  customerId: (a) => [a.customer.id],
  endpointId: (a) => [a.webhook.id],
  deliveryId: (a) => [a.delivery.id],
  accountId: (a) => [a.payoutAccount.accountId],
  // A film's version number (its earlier version kept, and its current one).
  version: (a) => [String(a.keptVersion.version), "2"],
  slug: (a) => [a.gallery.customUrl],
  customurl: (a) => [a.gallery.customUrl],
  customUrl: (a) => [a.gallery.customUrl],
  domain: (a) => [a.admin.domainUrl ?? "none.example.test"],
  // An HLS playlist of a video: its master, and a variant the master names.
  playlist: () => ["master.m3u8", "720p.m3u8"],
  // next-auth's catch-all: its endpoints.
  nextauth: () => [["session"], ["csrf"], ["providers"], ["callback", "credentials"], ["callback", "impersonate"], ["signout"]],
};

/** Every combination of segment values for a route (at most `cap`), or an error naming the missing segment. */
export function segmentValues(route: RouteFile, a: StudioData, cap = 24): Record<string, string | string[]>[] {
  let combos: Record<string, string | string[]>[] = [{}];
  for (const seg of route.segments) {
    const values = SEGMENTS[seg.name];
    if (!values) {
      throw new Error(
        `${route.file} has the dynamic segment [${seg.name}], which the isolation matrix does not know. ` +
          `Add "${seg.name}" to SEGMENTS in tests/helpers/route-fixtures.ts with the ids of studio A it can name.`,
      );
    }
    combos = combos.flatMap((c) => values(a).map((v) => ({ ...c, [seg.name]: v })));
  }
  return combos.slice(0, cap);
}

/** What of studio A must never reach another account (ids, names, keys, contact details). */
export function privateMarkers(a: StudioData): string[] {
  return [
    a.admin.id,
    a.admin.email,
    a.admin.name,
    a.admin.passwordHash,
    a.folder.id,
    a.folder.name,
    a.gallery.id,
    a.gallery.name,
    a.gallery.title,
    a.gallery.customUrl,
    ...a.videos.flatMap((v) => [v.id, v.title, v.storageKey]),
    a.chapter.id,
    a.chapter.title,
    a.payment.id,
    a.payment.providerSessionId,
    a.subscription.id,
    a.subscription.providerSubscriptionId,
    a.upload.id,
    a.invite.email,
    a.invite.name,
    a.uploadKey,
    a.assetKey,
    a.bgKey,
    a.caption.id,
    a.caption.label,
    a.apiKey.id,
    a.apiKey.name,
    a.caption.storageKey,
    a.admin.companyName,
    a.webhook.url,
    a.keptVersion.storageKey,
    a.payoutAccount.accountId,
    a.galleryPayment.payerEmail!,
    a.customer.id,
    a.customer.name,
    a.customer.email,
    a.customer.notes!,
  ].filter((m) => m.length >= 6 && !/^Video \d$/.test(m));
}

/** For public routes, which show a gallery's public face by design: only what is never public. */
export function neverPublicMarkers(a: StudioData): string[] {
  // Not the folder's id: a public film's media address is its storage key, which spec §7 builds as
  // adminId/folderId/galleryId/name (ids name rows; they grant nothing without the owner's session).
  return [
    a.admin.email,
    a.admin.passwordHash,
    a.folder.name,
    a.payment.providerSessionId,
    a.subscription.providerSubscriptionId,
    a.upload.id,
    a.uploadKey,
    a.invite.email,
    a.invite.tokenHash,
    a.caption.storageKey,
    a.customer.email,
    a.customer.notes!,
  ];
}
