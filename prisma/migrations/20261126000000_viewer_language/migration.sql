-- The viewer's language per gallery (issue 22 item 3): "auto" (the guest's browser) for new and existing galleries
ALTER TABLE "Gallery" ADD COLUMN "settingLanguage" TEXT NOT NULL DEFAULT 'auto';
