-- A gallery's look (issue 39 item 5): accent and text colours, the cover image's focal point.
ALTER TABLE "Gallery" ADD COLUMN "accentColor" TEXT;
ALTER TABLE "Gallery" ADD COLUMN "textColor" TEXT;
ALTER TABLE "Gallery" ADD COLUMN "focusX" INTEGER NOT NULL DEFAULT 50;
ALTER TABLE "Gallery" ADD COLUMN "focusY" INTEGER NOT NULL DEFAULT 50;
