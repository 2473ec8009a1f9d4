-- Paid delivery (issue 41 items 2-6): a gallery's price and paid state, its guests' checkouts,
-- refunds seen before their checkout's completion, the studio's watermark, a film's preview ladder.
ALTER TABLE "Gallery" ADD COLUMN "priceAmount" INTEGER,
  ADD COLUMN "priceCurrency" TEXT,
  ADD COLUMN "priceDeposit" INTEGER NOT NULL DEFAULT 0,
  ADD COLUMN "priceDueAt" TIMESTAMP(3),
  ADD COLUMN "payToUnlock" BOOLEAN NOT NULL DEFAULT false,
  ADD COLUMN "priceVersion" INTEGER NOT NULL DEFAULT 0,
  ADD COLUMN "paidAt" TIMESTAMP(3),
  ADD COLUMN "paidBy" TEXT,
  ADD COLUMN "paidAmount" INTEGER,
  ADD COLUMN "paidVia" TEXT,
  ADD COLUMN "refundedAt" TIMESTAMP(3);
CREATE INDEX "Gallery_adminId_payToUnlock_paidAt_idx" ON "Gallery"("adminId", "payToUnlock", "paidAt");

ALTER TABLE "Video" ADD COLUMN "previewKey" TEXT,
  ADD COLUMN "previewStamp" TEXT,
  ADD COLUMN "previewAt" TIMESTAMP(3);

ALTER TABLE "Admin" ADD COLUMN "watermarkText" TEXT,
  ADD COLUMN "watermarkLogo" BOOLEAN NOT NULL DEFAULT false,
  ADD COLUMN "watermarkPosition" TEXT NOT NULL DEFAULT 'center',
  ADD COLUMN "watermarkOpacity" INTEGER NOT NULL DEFAULT 40;

CREATE TABLE "GalleryPayment" (
    "id" UUID NOT NULL,
    "galleryId" UUID NOT NULL,
    "adminId" UUID NOT NULL,
    "provider" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "sessionId" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "paymentIntent" TEXT,
    "amount" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "feeAmount" INTEGER NOT NULL DEFAULT 0,
    "priceVersion" INTEGER NOT NULL,
    "payerEmail" TEXT,
    "inviteId" UUID,
    "state" TEXT NOT NULL DEFAULT 'open',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "paidAt" TIMESTAMP(3),
    "refundedAt" TIMESTAMP(3),
    CONSTRAINT "GalleryPayment_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "GalleryPayment_sessionId_key" ON "GalleryPayment"("sessionId");
CREATE UNIQUE INDEX "GalleryPayment_paymentIntent_key" ON "GalleryPayment"("paymentIntent");
CREATE INDEX "GalleryPayment_galleryId_createdAt_idx" ON "GalleryPayment"("galleryId", "createdAt");
CREATE INDEX "GalleryPayment_adminId_state_idx" ON "GalleryPayment"("adminId", "state");
ALTER TABLE "GalleryPayment" ADD CONSTRAINT "GalleryPayment_galleryId_fkey" FOREIGN KEY ("galleryId") REFERENCES "Gallery"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "EarlyRefund" (
    "paymentIntent" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "EarlyRefund_pkey" PRIMARY KEY ("paymentIntent")
);
