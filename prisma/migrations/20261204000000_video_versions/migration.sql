-- Versions kept beside the current one (issue 40 item 4).
ALTER TABLE "Video" ADD COLUMN "versionAt" TIMESTAMP(3);
UPDATE "Video" SET "versionAt" = "createdAt";
ALTER TABLE "Video" ALTER COLUMN "versionAt" SET NOT NULL, ALTER COLUMN "versionAt" SET DEFAULT CURRENT_TIMESTAMP;

ALTER TABLE "Upload" ADD COLUMN "keepPrevious" BOOLEAN NOT NULL DEFAULT false;

CREATE TABLE "VideoVersion" (
    "id" UUID NOT NULL,
    "videoId" UUID NOT NULL,
    "adminId" UUID NOT NULL,
    "version" INTEGER NOT NULL,
    "storageKey" TEXT NOT NULL,
    "sizeBytes" BIGINT NOT NULL,
    "thumbnailKey" TEXT,
    "streamKey" TEXT,
    "hlsKey" TEXT,
    "durationSec" DOUBLE PRECISION,
    "width" INTEGER,
    "height" INTEGER,
    "frameRate" DOUBLE PRECISION,
    "processedAt" TIMESTAMP(3),
    "filedAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "VideoVersion_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "VideoVersion_videoId_version_key" ON "VideoVersion"("videoId", "version");
CREATE INDEX "VideoVersion_adminId_storageKey_idx" ON "VideoVersion"("adminId", "storageKey");

ALTER TABLE "VideoVersion" ADD CONSTRAINT "VideoVersion_videoId_fkey" FOREIGN KEY ("videoId") REFERENCES "Video"("id") ON DELETE CASCADE ON UPDATE CASCADE;
