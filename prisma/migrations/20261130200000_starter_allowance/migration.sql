-- The starter allowance (issue 39 item 4): a ledger kind for credits given, not bought, and the
-- record of who had it, keyed by normalised email and kept when the studio is deleted.
ALTER TYPE "CreditType" ADD VALUE 'granted';

CREATE TABLE "StarterAllowance" (
    "email" TEXT NOT NULL,
    "adminId" UUID NOT NULL,
    "bytes" BIGINT NOT NULL,
    "grantedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "StarterAllowance_pkey" PRIMARY KEY ("email")
);
