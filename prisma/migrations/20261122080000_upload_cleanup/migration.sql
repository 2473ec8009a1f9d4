-- AlterTable
ALTER TABLE "Upload" ADD COLUMN     "cleanedAt" TIMESTAMP(3);

-- Leftovers of uploads that ended before this column existed were removed when they ended (best effort).
UPDATE "Upload" SET "cleanedAt" = "updatedAt" WHERE "status" IN ('CANCELLED', 'FAILED', 'EXPIRED');
