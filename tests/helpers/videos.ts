// A studio's video whose file is a real one in the test store, waiting for the worker (PROCESSING).
import { db } from "@/lib/db";
import { uploadFile } from "@/lib/storage/objects";
import { createStudio } from "./factories";

export async function videoWithFile(file: string, name: string) {
  const studio = await createStudio({ creditsMb: 100 });
  const folder = await db.folder.create({ data: { name: "F", adminId: studio.id } });
  const gallery = await db.gallery.create({ data: { name: "G", folderId: folder.id, adminId: studio.id, customUrl: `p-${studio.id}` } });
  const key = `${studio.id}/${folder.id}/${gallery.id}/abc_${name}`;
  await uploadFile(key, file, "video/mp4");
  return db.video.create({ data: { title: name, storageKey: key, galleryId: gallery.id, adminId: studio.id, status: "PROCESSING" } });
}
