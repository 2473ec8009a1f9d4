-- AlterTable
ALTER TABLE "GalleryViewer" ADD COLUMN     "addressKey" TEXT;

-- AlterTable
ALTER TABLE "ViewerFilm" ADD COLUMN     "castDay" INTEGER,
ADD COLUMN     "downloadDay" INTEGER,
ADD COLUMN     "shareDay" INTEGER;

-- CreateIndex
CREATE INDEX "GalleryViewer_galleryId_addressKey_idx" ON "GalleryViewer"("galleryId", "addressKey");
