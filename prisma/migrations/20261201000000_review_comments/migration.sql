-- Review (issue 40): a guest's review rights, a film's version, and time-coded comments.
ALTER TABLE "GalleryInvite" ADD COLUMN "mayComment" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "GalleryInvite" ADD COLUMN "mayApprove" BOOLEAN NOT NULL DEFAULT false;

ALTER TABLE "Video" ADD COLUMN "version" INTEGER NOT NULL DEFAULT 1;
ALTER TABLE "Video" ADD COLUMN "frameRate" DOUBLE PRECISION;

CREATE TABLE "VideoComment" (
    "id" UUID NOT NULL,
    "videoId" UUID NOT NULL,
    "galleryId" UUID NOT NULL,
    "adminId" UUID NOT NULL,
    "version" INTEGER NOT NULL,
    "inviteId" UUID,
    "byStudio" BOOLEAN NOT NULL DEFAULT false,
    "authorName" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "time" DOUBLE PRECISION NOT NULL,
    "endTime" DOUBLE PRECISION,
    "drawing" JSONB,
    "parentId" UUID,
    "resolvedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "editedAt" TIMESTAMP(3),
    "clientKey" UUID,

    CONSTRAINT "VideoComment_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "VideoComment_videoId_clientKey_key" ON "VideoComment"("videoId", "clientKey");
CREATE INDEX "VideoComment_videoId_createdAt_idx" ON "VideoComment"("videoId", "createdAt");
CREATE INDEX "VideoComment_adminId_idx" ON "VideoComment"("adminId");
CREATE INDEX "VideoComment_parentId_idx" ON "VideoComment"("parentId");

ALTER TABLE "VideoComment" ADD CONSTRAINT "VideoComment_videoId_fkey" FOREIGN KEY ("videoId") REFERENCES "Video"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "VideoComment" ADD CONSTRAINT "VideoComment_adminId_fkey" FOREIGN KEY ("adminId") REFERENCES "Admin"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "VideoComment" ADD CONSTRAINT "VideoComment_inviteId_fkey" FOREIGN KEY ("inviteId") REFERENCES "GalleryInvite"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "VideoComment" ADD CONSTRAINT "VideoComment_parentId_fkey" FOREIGN KEY ("parentId") REFERENCES "VideoComment"("id") ON DELETE CASCADE ON UPDATE CASCADE;
