-- AlterTable
ALTER TABLE "Video" ADD COLUMN     "failureCode" TEXT;

