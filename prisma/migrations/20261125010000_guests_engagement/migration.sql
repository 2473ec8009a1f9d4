-- Guests and engagement (issue 21): personal invite links, the download PIN, reminder and digest
-- mails sent once, and what each viewer watched of each film with the films' totals.
-- AlterTable
ALTER TABLE "Admin" ADD COLUMN     "digestCoveredTo" TIMESTAMP(3),
ADD COLUMN     "digestEnabled" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "Gallery" ADD COLUMN     "downloadPinHash" TEXT,
ADD COLUMN     "downloadPinVersion" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "remindersEnabled" BOOLEAN NOT NULL DEFAULT true;

-- CreateTable
CREATE TABLE "GalleryInvite" (
    "id" UUID NOT NULL,
    "galleryId" UUID NOT NULL,
    "adminId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "salt" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "mayDownload" BOOLEAN NOT NULL DEFAULT false,
    "expiresAt" TIMESTAMP(3),
    "revokedAt" TIMESTAMP(3),
    "sentAt" TIMESTAMP(3),
    "openedAt" TIMESTAMP(3),
    "visitedAt" TIMESTAMP(3),
    "lastVisitedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "GalleryInvite_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "MailOnce" (
    "key" TEXT NOT NULL,
    "galleryId" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "MailOnce_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "GalleryViewer" (
    "id" UUID NOT NULL,
    "galleryId" UUID NOT NULL,
    "key" TEXT NOT NULL,
    "inviteId" UUID,
    "firstSeenAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastSeenAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "visits" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "GalleryViewer_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ViewerFilm" (
    "viewerId" UUID NOT NULL,
    "videoId" UUID NOT NULL,
    "galleryId" UUID NOT NULL,
    "ranges" JSONB NOT NULL DEFAULT '[]',
    "watchedSeconds" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "playSeconds" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "downloads" INTEGER NOT NULL DEFAULT 0,
    "shares" INTEGER NOT NULL DEFAULT 0,
    "casts" INTEGER NOT NULL DEFAULT 0,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ViewerFilm_pkey" PRIMARY KEY ("viewerId","videoId")
);

-- CreateTable
CREATE TABLE "FilmStat" (
    "videoId" UUID NOT NULL,
    "galleryId" UUID NOT NULL,
    "heat" DOUBLE PRECISION[] DEFAULT ARRAY[]::DOUBLE PRECISION[],
    "playSeconds" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "viewers" INTEGER NOT NULL DEFAULT 0,
    "downloads" INTEGER NOT NULL DEFAULT 0,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "FilmStat_pkey" PRIMARY KEY ("videoId")
);

-- CreateIndex
CREATE UNIQUE INDEX "GalleryInvite_tokenHash_key" ON "GalleryInvite"("tokenHash");

-- CreateIndex
CREATE INDEX "GalleryInvite_adminId_galleryId_createdAt_idx" ON "GalleryInvite"("adminId", "galleryId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "GalleryInvite_galleryId_email_key" ON "GalleryInvite"("galleryId", "email");

-- CreateIndex
CREATE INDEX "MailOnce_galleryId_idx" ON "MailOnce"("galleryId");

-- CreateIndex
CREATE INDEX "GalleryViewer_galleryId_firstSeenAt_idx" ON "GalleryViewer"("galleryId", "firstSeenAt");

-- CreateIndex
CREATE UNIQUE INDEX "GalleryViewer_galleryId_key_key" ON "GalleryViewer"("galleryId", "key");

-- CreateIndex
CREATE INDEX "ViewerFilm_galleryId_idx" ON "ViewerFilm"("galleryId");

-- CreateIndex
CREATE INDEX "ViewerFilm_videoId_idx" ON "ViewerFilm"("videoId");

-- CreateIndex
CREATE INDEX "FilmStat_galleryId_idx" ON "FilmStat"("galleryId");

-- AddForeignKey
ALTER TABLE "GalleryInvite" ADD CONSTRAINT "GalleryInvite_galleryId_fkey" FOREIGN KEY ("galleryId") REFERENCES "Gallery"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GalleryInvite" ADD CONSTRAINT "GalleryInvite_adminId_fkey" FOREIGN KEY ("adminId") REFERENCES "Admin"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MailOnce" ADD CONSTRAINT "MailOnce_galleryId_fkey" FOREIGN KEY ("galleryId") REFERENCES "Gallery"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GalleryViewer" ADD CONSTRAINT "GalleryViewer_galleryId_fkey" FOREIGN KEY ("galleryId") REFERENCES "Gallery"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GalleryViewer" ADD CONSTRAINT "GalleryViewer_inviteId_fkey" FOREIGN KEY ("inviteId") REFERENCES "GalleryInvite"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ViewerFilm" ADD CONSTRAINT "ViewerFilm_viewerId_fkey" FOREIGN KEY ("viewerId") REFERENCES "GalleryViewer"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ViewerFilm" ADD CONSTRAINT "ViewerFilm_videoId_fkey" FOREIGN KEY ("videoId") REFERENCES "Video"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FilmStat" ADD CONSTRAINT "FilmStat_videoId_fkey" FOREIGN KEY ("videoId") REFERENCES "Video"("id") ON DELETE CASCADE ON UPDATE CASCADE;

