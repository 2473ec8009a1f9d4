-- Issue 55 item 6: a film's preview thumbnail (a frame of its watermarked preview), what guests of an
-- unpaid Pay to unlock gallery see instead of the clean thumbnail.
ALTER TABLE "Video" ADD COLUMN "previewThumbKey" TEXT;
