-- The reminders job finds galleries by their expiry (every 15 minutes, over all galleries), and the
-- daily digest reads the ViewerFilm rows of a studio by gallery and time of update (issue 21).
-- DropIndex
DROP INDEX "ViewerFilm_galleryId_idx";

-- CreateIndex
CREATE INDEX "Gallery_expiresAt_idx" ON "Gallery"("expiresAt");

-- CreateIndex
CREATE INDEX "ViewerFilm_galleryId_updatedAt_idx" ON "ViewerFilm"("galleryId", "updatedAt");

