-- The chunks of a long film's ladder, encoded by any worker and joined when all are done (issue 20).
CREATE TABLE "VideoChunk" (
    "videoId" UUID NOT NULL,
    "index" INTEGER NOT NULL,
    "storageKey" TEXT NOT NULL,
    "startSec" DOUBLE PRECISION NOT NULL,
    "durationSec" DOUBLE PRECISION NOT NULL,
    "doneAt" TIMESTAMP(3),
    "widths" JSONB,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "VideoChunk_pkey" PRIMARY KEY ("videoId","index")
);

ALTER TABLE "VideoChunk" ADD CONSTRAINT "VideoChunk_videoId_fkey" FOREIGN KEY ("videoId") REFERENCES "Video"("id") ON DELETE CASCADE ON UPDATE CASCADE;
