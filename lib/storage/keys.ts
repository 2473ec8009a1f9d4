// The storage key layout (spec §3): adminId/folderId/galleryId/<file> for gallery media. Keys are
// always built here, on the server, from ids the database gave us.
export function folderPrefix(adminId: string, folderId: string): string {
  return `${adminId}/${folderId}/`;
}

export function galleryPrefix(adminId: string, folderId: string, galleryId: string): string {
  return `${adminId}/${folderId}/${galleryId}/`;
}

const ID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const DELETABLE = new RegExp(`^${ID}/${ID}/(${ID}/)?$`);

/** Only a folder's or a gallery's prefix may be deleted wholesale, never a studio or the bucket. */
export function isDeletablePrefix(prefix: string): boolean {
  return DELETABLE.test(prefix);
}
