-- AlterTable
ALTER TABLE "GalleryInvite" ADD COLUMN     "browserLanguage" TEXT;
