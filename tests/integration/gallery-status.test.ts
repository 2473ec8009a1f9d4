// The galleries list's status of each gallery (GET /api/folder/folders): what its clients owe or
// paid, and where its review stands — films approved or with changes requested on their current
// version (the newest decision on it), open comments on current versions — never another studio's.
import { GET as listFoldersGet } from "@/app/api/folder/folders/route";
import { db } from "@/lib/db";
import { createFolderWithGallery, createStudio } from "../helpers/factories";
import { bearerFor, call, request } from "../helpers/requests";
import type { FolderDto } from "@/lib/contract/folders";

const statusOf = async (token: string, galleryId: string) => {
  const res = await call(listFoldersGet, request("GET", "/api/folder/folders", { token }), {});
  expect(res.status).toBe(200);
  const folders = (await res.json()) as FolderDto[] | { folders: FolderDto[] };
  const list = Array.isArray(folders) ? folders : folders.folders;
  return list.flatMap((f) => f.galleries).find((g) => g._id === galleryId)?.status;
};

async function decide(videoId: string, galleryId: string, adminId: string, version: number, decision: "APPROVED" | "CHANGES_REQUESTED", at: string, guestName = "Anna") {
  await db.videoApproval.create({ data: { videoId, galleryId, adminId, version, decision, guestName, decidedAt: new Date(at), note: decision === "CHANGES_REQUESTED" ? "Warmer" : null } });
}

async function comment(videoId: string, galleryId: string, adminId: string, version: number, resolved = false) {
  return db.videoComment.create({ data: { videoId, galleryId, adminId, version, authorName: "Anna", text: "Lovely", time: 3, resolvedAt: resolved ? new Date() : null } });
}

describe("a gallery's status on the galleries list", () => {
  it("says what is due, then paid; nothing without a price", async () => {
    const admin = await createStudio();
    const token = await bearerFor(admin);
    const { gallery } = await createFolderWithGallery(admin.id);
    expect(await statusOf(token, gallery.id)).toEqual({ payment: null, review: null });
    await db.gallery.update({ where: { id: gallery.id }, data: { priceAmount: 125050, priceCurrency: "eur", priceDeposit: 25000, payToUnlock: true } });
    expect(await statusOf(token, gallery.id)).toEqual({ payment: { state: "awaiting", due: 100050, currency: "eur" }, review: null });
    await db.gallery.update({ where: { id: gallery.id }, data: { paidAt: new Date(), paidAmount: 100050, paidVia: "hand" } });
    expect(await statusOf(token, gallery.id)).toEqual({ payment: { state: "paid" }, review: null });
  });

  it("counts a gallery in review's films by their current version's newest decision, and its open comments on current versions", async () => {
    const admin = await createStudio();
    const token = await bearerFor(admin);
    const { gallery, videos } = await createFolderWithGallery(admin.id, { videos: 4 });
    await db.gallery.update({ where: { id: gallery.id }, data: { reviewMode: true } });
    const [approved, changed, reapproved, newVersion] = videos;
    await decide(approved.id, gallery.id, admin.id, 1, "APPROVED", "2026-11-01T10:00:00Z");
    await decide(changed.id, gallery.id, admin.id, 1, "APPROVED", "2026-11-01T10:00:00Z");
    await decide(changed.id, gallery.id, admin.id, 1, "CHANGES_REQUESTED", "2026-11-02T10:00:00Z", "Ben");
    await decide(reapproved.id, gallery.id, admin.id, 1, "CHANGES_REQUESTED", "2026-11-01T10:00:00Z");
    await decide(reapproved.id, gallery.id, admin.id, 1, "APPROVED", "2026-11-03T10:00:00Z", "Ben");
    // Approved on v1, now at v2: in review again.
    await decide(newVersion.id, gallery.id, admin.id, 1, "APPROVED", "2026-11-01T10:00:00Z");
    await db.video.update({ where: { id: newVersion.id }, data: { version: 2 } });
    await comment(changed.id, gallery.id, admin.id, 1);
    await comment(changed.id, gallery.id, admin.id, 1, true);
    await comment(newVersion.id, gallery.id, admin.id, 1); // on an earlier version: not open on the current one
    await comment(newVersion.id, gallery.id, admin.id, 2);
    const reply = await comment(approved.id, gallery.id, admin.id, 1);
    await db.videoComment.update({ where: { id: reply.id }, data: { parentId: (await comment(approved.id, gallery.id, admin.id, 1, true)).id } });
    expect(await statusOf(token, gallery.id)).toEqual({ payment: null, review: { films: 4, approved: 2, changes: 1, openComments: 2 } });
    // Delivered: no review state on the list.
    await db.gallery.update({ where: { id: gallery.id }, data: { reviewMode: false } });
    expect(await statusOf(token, gallery.id)).toEqual({ payment: null, review: null });
    // Another studio sees none of it.
    const other = await createStudio();
    expect(await statusOf(await bearerFor(other), gallery.id)).toBeUndefined();
  });
});
