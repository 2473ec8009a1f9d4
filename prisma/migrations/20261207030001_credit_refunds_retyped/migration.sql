-- Issue 55 item 4: refunds recorded as purchases before they had their own kind become refunds.
-- They are known for certain by their key (lib/services/money/credits.ts refund: `refund:<uploadId>`);
-- one restored from an export has no key, and is known by what only a refund was ever written
-- with: no amount paid and the purpose TEXTS.videoFailure.refundPurpose gave it.
UPDATE "CreditEntry"
SET "type" = 'refund'
WHERE "type" = 'purchased'
  AND (
    "idempotencyKey" LIKE 'refund:%'
    OR ("idempotencyKey" IS NULL AND COALESCE("amountCents", 0) = 0 AND "purpose" LIKE 'Returned: % is not a playable video')
  );
