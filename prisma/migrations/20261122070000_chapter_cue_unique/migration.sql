-- DropIndex
DROP INDEX "Chapter_videoId_cueSeconds_idx";

-- CreateIndex
CREATE UNIQUE INDEX "Chapter_videoId_cueSeconds_key" ON "Chapter"("videoId", "cueSeconds");

