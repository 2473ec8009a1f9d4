-- AlterTable
ALTER TABLE "Video" ADD COLUMN     "audioCodec" TEXT,
ADD COLUMN     "bitrate" INTEGER,
ADD COLUMN     "hlsKey" TEXT,
ADD COLUMN     "processedAt" TIMESTAMP(3),
ADD COLUMN     "streamKey" TEXT,
ADD COLUMN     "videoCodec" TEXT;

