-- The delivery mail (issue 39 item 3): the download PIN sealed so a mail can include it, and per
-- invite the PIN choice, the guest's language and a scheduled send with its subject and message.
ALTER TABLE "Gallery" ADD COLUMN "downloadPinSealed" TEXT;
ALTER TABLE "GalleryInvite" ADD COLUMN "pinInMail" BOOLEAN,
  ADD COLUMN "language" TEXT,
  ADD COLUMN "sendAt" TIMESTAMP(3),
  ADD COLUMN "mailSubject" TEXT,
  ADD COLUMN "mailMessage" TEXT;
-- The minute's sweep reads the scheduled sends that are due.
CREATE INDEX "GalleryInvite_sendAt_idx" ON "GalleryInvite"("sendAt");
