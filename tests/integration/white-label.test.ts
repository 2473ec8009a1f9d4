import { db } from "@/lib/db";
import { studioOf } from "@/lib/services/public/public-gallery";
import { findGallery } from "@/lib/services/access/open-gallery";
import { createStudio } from "../helpers/factories";
import type { Plan } from "@/generated/prisma/enums";

async function galleryFor(plan: Plan) {
  const studio = await createStudio({ plan });
  const folder = await db.folder.create({ data: { name: "F", adminId: studio.id } });
  const gallery = await db.gallery.create({ data: { name: "G", folderId: folder.id, adminId: studio.id, customUrl: `wl-${studio.id}` } });
  return gallery.customUrl;
}

describe("white-labeling follows the plan", () => {
  it.each([
    ["NO_PLAN", false],
    ["ON_DEMAND", false],
    ["PRO", true],
    ["UNLIMITED", true],
  ] as const)("%s → white-label %s", async (plan, whiteLabel) => {
    const page = await findGallery(await galleryFor(plan));
    expect(studioOf(page!.admin).whiteLabel).toBe(whiteLabel);
  });
});
