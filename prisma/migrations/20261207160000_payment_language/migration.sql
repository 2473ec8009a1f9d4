-- The page language a checkout was started from (a payer without a personal link is mailed in it).
ALTER TABLE "GalleryPayment" ADD COLUMN "language" TEXT;
