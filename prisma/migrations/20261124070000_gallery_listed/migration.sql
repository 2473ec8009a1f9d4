-- A gallery may be listed on its studio's domain home page (issue 19, item 8). Off by default.
ALTER TABLE "Gallery" ADD COLUMN "settingListed" BOOLEAN NOT NULL DEFAULT false;
