-- A film's captions, one file per language (issue 22). At most one is shown by default: the partial
-- unique index below holds that under concurrent changes (Prisma's schema cannot say it).
-- CreateTable
CREATE TABLE "Caption" (
    "id" UUID NOT NULL,
    "videoId" UUID NOT NULL,
    "adminId" UUID NOT NULL,
    "language" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "isDefault" BOOLEAN NOT NULL DEFAULT false,
    "storageKey" TEXT NOT NULL,
    "cueCount" INTEGER NOT NULL,
    "sizeBytes" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Caption_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Caption_adminId_idx" ON "Caption"("adminId");

-- CreateIndex
CREATE UNIQUE INDEX "Caption_videoId_language_key" ON "Caption"("videoId", "language");

-- AddForeignKey
ALTER TABLE "Caption" ADD CONSTRAINT "Caption_videoId_fkey" FOREIGN KEY ("videoId") REFERENCES "Video"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- CreateIndex
CREATE UNIQUE INDEX "Caption_one_default_per_video" ON "Caption"("videoId") WHERE "isDefault";
