-- AlterTable
ALTER TABLE "Admin" ADD COLUMN     "domainCheck" JSONB,
ADD COLUMN     "domainClaim" TEXT,
ADD COLUMN     "domainClaimedAt" TIMESTAMP(3),
ADD COLUMN     "domainToken" TEXT;

-- CreateIndex
CREATE INDEX "Admin_domainClaim_idx" ON "Admin"("domainClaim");


-- Domains set before ownership was checked were never proved: they become pending claims (they stop
-- routing until their TXT record is seen, and the worker re-checks pending claims by itself).
UPDATE "Admin" SET "domainClaim" = "domainUrl", "domainClaimedAt" = now(), "domainUrl" = NULL WHERE "domainUrl" IS NOT NULL;
