-- The studio's own payment account (issue 41 item 1): Stripe Connect, or the local test provider's.
CREATE TABLE "PayoutAccount" (
    "id" UUID NOT NULL,
    "adminId" UUID NOT NULL,
    "provider" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "chargesEnabled" BOOLEAN NOT NULL DEFAULT false,
    "payoutsEnabled" BOOLEAN NOT NULL DEFAULT false,
    "detailsSubmitted" BOOLEAN NOT NULL DEFAULT false,
    "disabledReason" TEXT,
    "stateAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PayoutAccount_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "PayoutAccount_adminId_key" ON "PayoutAccount"("adminId");
CREATE UNIQUE INDEX "PayoutAccount_provider_accountId_key" ON "PayoutAccount"("provider", "accountId");

ALTER TABLE "PayoutAccount" ADD CONSTRAINT "PayoutAccount_adminId_fkey" FOREIGN KEY ("adminId") REFERENCES "Admin"("id") ON DELETE CASCADE ON UPDATE CASCADE;
