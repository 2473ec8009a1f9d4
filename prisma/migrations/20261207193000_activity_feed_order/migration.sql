-- The activity feed's gallery filter reads a gallery's events newest first from its own index (an
-- old gallery's page no longer walks every newer event of the studio: bench/activity).
-- DropIndex
DROP INDEX "ActivityEvent_galleryId_idx";

-- CreateIndex
CREATE INDEX "ActivityEvent_galleryId_seq_idx" ON "ActivityEvent"("galleryId", "seq" DESC);
