-- Resume of an interrupted upload (issue 55 item 3): what the browser said of the picked file at
-- start, so a resume can tell the same file from another of the same name.
-- AlterTable
ALTER TABLE "Upload" ADD COLUMN     "fileLastModified" BIGINT,
ADD COLUMN     "firstPartSha256" TEXT;
