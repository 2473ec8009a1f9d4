-- CreateEnum
CREATE TYPE "CaptionSource" AS ENUM ('uploaded', 'automatic');

-- CreateEnum
CREATE TYPE "TranscriptState" AS ENUM ('queued', 'running', 'done', 'failed');

-- AlterTable
ALTER TABLE "Admin" ADD COLUMN     "transcriptsEnabled" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "Caption" ADD COLUMN     "confirmedAt" TIMESTAMP(3),
ADD COLUMN     "fromVersion" INTEGER,
ADD COLUMN     "source" "CaptionSource" NOT NULL DEFAULT 'uploaded';

-- CreateTable
CREATE TABLE "Transcript" (
    "videoId" UUID NOT NULL,
    "adminId" UUID NOT NULL,
    "version" INTEGER NOT NULL,
    "state" "TranscriptState" NOT NULL DEFAULT 'queued',
    "progress" INTEGER NOT NULL DEFAULT 0,
    "failureReason" TEXT,
    "language" TEXT,
    "audioSeconds" DOUBLE PRECISION,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Transcript_pkey" PRIMARY KEY ("videoId")
);

-- CreateIndex
CREATE INDEX "Transcript_adminId_idx" ON "Transcript"("adminId");

-- AddForeignKey
ALTER TABLE "Transcript" ADD CONSTRAINT "Transcript_videoId_fkey" FOREIGN KEY ("videoId") REFERENCES "Video"("id") ON DELETE CASCADE ON UPDATE CASCADE;

