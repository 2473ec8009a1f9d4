-- Review (issue 40 item 5): a gallery in review or delivery, approvals unlocking downloads, revision
-- rounds, and guests' decisions on a film's versions.
ALTER TABLE "Gallery" ADD COLUMN "reviewMode" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "Gallery" ADD COLUMN "unlockOnApproval" BOOLEAN NOT NULL DEFAULT true;
ALTER TABLE "Gallery" ADD COLUMN "revisionRounds" INTEGER;

CREATE TYPE "ApprovalDecision" AS ENUM ('APPROVED', 'CHANGES_REQUESTED');

CREATE TABLE "VideoApproval" (
    "id" UUID NOT NULL,
    "videoId" UUID NOT NULL,
    "galleryId" UUID NOT NULL,
    "adminId" UUID NOT NULL,
    "inviteId" UUID,
    "guestName" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "decision" "ApprovalDecision" NOT NULL,
    "note" TEXT,
    "decidedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "VideoApproval_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "VideoApproval_videoId_inviteId_version_key" ON "VideoApproval"("videoId", "inviteId", "version");
CREATE INDEX "VideoApproval_videoId_decidedAt_idx" ON "VideoApproval"("videoId", "decidedAt");
CREATE INDEX "VideoApproval_adminId_idx" ON "VideoApproval"("adminId");
CREATE INDEX "VideoApproval_galleryId_idx" ON "VideoApproval"("galleryId");

ALTER TABLE "VideoApproval" ADD CONSTRAINT "VideoApproval_videoId_fkey" FOREIGN KEY ("videoId") REFERENCES "Video"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "VideoApproval" ADD CONSTRAINT "VideoApproval_adminId_fkey" FOREIGN KEY ("adminId") REFERENCES "Admin"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "VideoApproval" ADD CONSTRAINT "VideoApproval_inviteId_fkey" FOREIGN KEY ("inviteId") REFERENCES "GalleryInvite"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Review mail (issue 40 item 7): a gallery's guests' review activity waiting for the studio's digest.
ALTER TABLE "Gallery" ADD COLUMN "reviewPendingSince" TIMESTAMP(3);
ALTER TABLE "Gallery" ADD COLUMN "reviewLastActivityAt" TIMESTAMP(3);
ALTER TABLE "Gallery" ADD COLUMN "reviewDigestAt" TIMESTAMP(3);
CREATE INDEX "Gallery_reviewPendingSince_idx" ON "Gallery"("reviewPendingSince");
CREATE INDEX "VideoComment_galleryId_createdAt_idx" ON "VideoComment"("galleryId", "createdAt");
