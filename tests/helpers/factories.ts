// Test data made through the real database.
import { randomUUID } from "node:crypto";
import { db } from "@/lib/db";
import { hashPassword } from "@/lib/auth/password";
import { mbToBytes } from "@/lib/format";
import { guestCookieName, inviteToken, newInviteSalt, tokenHash } from "@/lib/auth/guest-link";
import type { AdminStatus, Plan, Role } from "@/generated/prisma/enums";

export const TEST_PASSWORD = "correct-horse-battery";
let passwordHash: Promise<string> | undefined;

export type AccountOptions = { role?: Role; status?: AdminStatus; plan?: Plan; creditsMb?: number; name?: string };

export async function createAccount(opts: AccountOptions = {}) {
  const id = randomUUID().slice(0, 8);
  return db.admin.create({
    data: {
      name: opts.name ?? `Studio ${id}`,
      email: `user-${id}@example.test`,
      passwordHash: await (passwordHash ??= hashPassword(TEST_PASSWORD)),
      role: opts.role ?? "admin",
      status: opts.status ?? "ACTIVE",
      plan: opts.plan ?? "ON_DEMAND",
      creditBytes: mbToBytes(opts.creditsMb ?? 0),
      companyName: `Company ${id}`,
    },
  });
}

export const createStudio = (opts: Omit<AccountOptions, "role"> = {}) => createAccount({ ...opts, role: "admin" });
export const createSuperadmin = () => createAccount({ role: "superadmin", plan: "NO_PLAN" });

/** A folder of the studio with one gallery (a free custom url) and optionally some videos. */
export async function createFolderWithGallery(adminId: string, opts: { videos?: number; folderName?: string } = {}) {
  const id = randomUUID().slice(0, 8);
  const folder = await db.folder.create({ data: { name: opts.folderName ?? `Folder ${id}`, adminId } });
  const gallery = await db.gallery.create({
    data: { name: `Gallery ${id}`, title: `Title ${id}`, folderId: folder.id, adminId, customUrl: `gallery-${id}` },
  });
  const videos = [];
  for (let i = 0; i < (opts.videos ?? 0); i++) {
    videos.push(
      await db.video.create({
        data: { title: `Video ${i + 1}`, storageKey: `${adminId}/${folder.id}/${gallery.id}/video_${i + 1}.mp4`, galleryId: gallery.id, adminId, status: "READY" },
      }),
    );
  }
  return { folder, gallery, videos };
}

export type GuestRights = { mayComment?: boolean; mayApprove?: boolean; mayDownload?: boolean };

/** A guest of `galleryId` with these rights (a personal link), and the cookie that link's trade set. */
export async function createGuest(galleryId: string, adminId: string, rights: GuestRights, name = "Anna", extra: { revokedAt?: Date } = {}) {
  const id = randomUUID();
  const salt = newInviteSalt();
  const token = inviteToken(id, salt);
  await db.galleryInvite.create({ data: { id, galleryId, adminId, name, email: `${id}@example.test`, salt, tokenHash: tokenHash(token), ...rights, ...extra } });
  return { id, cookie: `${guestCookieName(galleryId)}=${token}` };
}
