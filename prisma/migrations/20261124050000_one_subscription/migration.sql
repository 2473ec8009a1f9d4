-- A studio holds at most one active subscription (issue 19, item 3). An upgrade or downgrade now
-- changes the one subscription (before, a second checkout left two ACTIVE rows).

ALTER TABLE "Subscription" ADD COLUMN "allotmentBytes" BIGINT NOT NULL DEFAULT 0;
ALTER TABLE "Subscription" ADD COLUMN "planChangedAt" TIMESTAMP(3);

-- Existing rows granted their plan's yearly allotment (Pro 1 TB, Unlimited 5 TB).
UPDATE "Subscription" SET "allotmentBytes" = CASE "plan" WHEN 'PRO' THEN 1099511627776 WHEN 'UNLIMITED' THEN 5497558138880 ELSE 0 END;

-- Duplicates left by the old upgrade path: the newest stays ACTIVE, the older ones end here. They
-- may still bill at the provider: docs/operations.md ("Duplicate subscriptions") lists them.
UPDATE "Subscription" s SET "status" = 'CANCELED', "cancelAtPeriodEnd" = false, "updatedAt" = CURRENT_TIMESTAMP
WHERE s."status" = 'ACTIVE'
  AND EXISTS (
    SELECT 1 FROM "Subscription" n
    WHERE n."adminId" = s."adminId" AND n."status" = 'ACTIVE'
      AND (n."createdAt" > s."createdAt" OR (n."createdAt" = s."createdAt" AND n."id" > s."id"))
  );

CREATE UNIQUE INDEX "Subscription_one_active_per_admin" ON "Subscription" ("adminId") WHERE "status" = 'ACTIVE';
