-- AlterEnum
ALTER TYPE "UploadKind" ADD VALUE 'asset';

-- AlterEnum
ALTER TYPE "UploadStatus" ADD VALUE 'COMPLETING';

-- AlterTable
ALTER TABLE "Upload" ADD COLUMN     "releasedAt" TIMESTAMP(3);

-- CreateIndex
CREATE INDEX "Upload_galleryId_idx" ON "Upload"("galleryId");

-- Uploads whose gallery or video was deleted before these foreign keys existed: forget the
-- reference, and end the ones still open so their reservation is released (the sweep then removes
-- what the store kept, as for any cancelled upload).
UPDATE "Upload" SET "status" = 'CANCELLED', "reservedBytes" = 0, "updatedAt" = CURRENT_TIMESTAMP
 WHERE "status" = 'RESERVED' AND "galleryId" IS NOT NULL AND "galleryId" NOT IN (SELECT "id" FROM "Gallery");
UPDATE "Upload" SET "galleryId" = NULL WHERE "galleryId" IS NOT NULL AND "galleryId" NOT IN (SELECT "id" FROM "Gallery");
UPDATE "Upload" SET "videoId" = NULL WHERE "videoId" IS NOT NULL AND "videoId" NOT IN (SELECT "id" FROM "Video");
UPDATE "Upload" SET "replaceVideoId" = NULL WHERE "replaceVideoId" IS NOT NULL AND "replaceVideoId" NOT IN (SELECT "id" FROM "Video");

-- AddForeignKey
ALTER TABLE "Upload" ADD CONSTRAINT "Upload_galleryId_fkey" FOREIGN KEY ("galleryId") REFERENCES "Gallery"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Upload" ADD CONSTRAINT "Upload_replaceVideoId_fkey" FOREIGN KEY ("replaceVideoId") REFERENCES "Video"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Upload" ADD CONSTRAINT "Upload_videoId_fkey" FOREIGN KEY ("videoId") REFERENCES "Video"("id") ON DELETE SET NULL ON UPDATE CASCADE;


