-- The studio's activity feed: what happened in its galleries, read/unread, and mail per kind.
ALTER TABLE "Admin" ADD COLUMN "activityReadSeq" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN "activityMail" JSONB NOT NULL DEFAULT '{}';

CREATE TABLE "ActivityEvent" (
    "seq" BIGSERIAL NOT NULL,
    "adminId" UUID NOT NULL,
    "galleryId" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "filmId" UUID,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "who" TEXT,
    "data" JSONB NOT NULL DEFAULT '{}',
    "key" TEXT,
    "mailDueAt" TIMESTAMP(3),

    CONSTRAINT "ActivityEvent_pkey" PRIMARY KEY ("seq")
);

CREATE UNIQUE INDEX "ActivityEvent_adminId_key_key" ON "ActivityEvent"("adminId", "key");
CREATE INDEX "ActivityEvent_adminId_seq_idx" ON "ActivityEvent"("adminId", "seq" DESC);
CREATE INDEX "ActivityEvent_adminId_kind_seq_idx" ON "ActivityEvent"("adminId", "kind", "seq" DESC);
CREATE INDEX "ActivityEvent_galleryId_idx" ON "ActivityEvent"("galleryId");
CREATE INDEX "ActivityEvent_mailDueAt_idx" ON "ActivityEvent"("mailDueAt");

ALTER TABLE "ActivityEvent" ADD CONSTRAINT "ActivityEvent_adminId_fkey" FOREIGN KEY ("adminId") REFERENCES "Admin"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "ActivityEvent" ADD CONSTRAINT "ActivityEvent_galleryId_fkey" FOREIGN KEY ("galleryId") REFERENCES "Gallery"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- What already happened, so a studio's feed starts with its history (all of it read: nothing old
-- counts as new, and nothing old is mailed). In time order, so `seq` orders it as the feed does.
INSERT INTO "ActivityEvent" ("adminId", "galleryId", kind, "filmId", at, who, data, key)
SELECT "adminId", "galleryId", kind, "filmId", at, who, data, key FROM (
  SELECT c."adminId", c."galleryId", 'comment' AS kind, c."videoId" AS "filmId", c."createdAt" AS at, c."authorName" AS who,
         jsonb_build_object('film', v.title, 'text', left(regexp_replace(c.text, '\s+', ' ', 'g'), 140), 'reply', c."parentId" IS NOT NULL) AS data, NULL::text AS key
  FROM "VideoComment" c JOIN "Video" v ON v.id = c."videoId"
  WHERE NOT c."byStudio"
  UNION ALL
  SELECT a."adminId", a."galleryId", CASE WHEN a.decision = 'APPROVED' THEN 'approval' ELSE 'changes_requested' END, a."videoId", a."decidedAt", a."guestName",
         jsonb_strip_nulls(jsonb_build_object('film', v.title, 'version', a.version, 'text', left(a.note, 140))), NULL
  FROM "VideoApproval" a JOIN "Video" v ON v.id = a."videoId"
  UNION ALL
  SELECT p."adminId", p."galleryId", 'payment', NULL, p."paidAt", p."payerEmail", jsonb_build_object('amount', p.amount, 'currency', p.currency), 'payment:' || p.id
  FROM "GalleryPayment" p WHERE p.state IN ('paid', 'refunded') AND p."paidAt" IS NOT NULL
  UNION ALL
  SELECT p."adminId", p."galleryId", 'refund', NULL, p."refundedAt", p."payerEmail", jsonb_build_object('amount', p.amount, 'currency', p.currency, 'full', true), 'refund:' || p.id
  FROM "GalleryPayment" p WHERE p.state = 'refunded' AND p."refundedAt" IS NOT NULL
  UNION ALL
  SELECT g."adminId", g.id, 'payment', NULL, g."paidAt", NULL, jsonb_strip_nulls(jsonb_build_object('amount', g."paidAmount", 'currency', g."priceCurrency", 'byHand', true)), NULL
  FROM "Gallery" g WHERE g."paidVia" = 'hand' AND g."paidAt" IS NOT NULL
  UNION ALL
  SELECT i."adminId", i."galleryId", 'first_view', NULL, i."visitedAt", i.name, '{}'::jsonb, 'first_view:invite:' || i.id
  FROM "GalleryInvite" i WHERE i."visitedAt" IS NOT NULL
  UNION ALL
  SELECT v."adminId", v."galleryId", 'failed', v.id, v."updatedAt", NULL, jsonb_strip_nulls(jsonb_build_object('film', v.title, 'reason', v."failureReason")), NULL
  FROM "Video" v WHERE v.status = 'FAILED' AND v."galleryId" IS NOT NULL
) history
ORDER BY at, kind
ON CONFLICT ("adminId", key) DO NOTHING;

UPDATE "Admin" a SET "activityReadSeq" = m.seq
FROM (SELECT "adminId", max(seq) AS seq FROM "ActivityEvent" GROUP BY "adminId") m
WHERE m."adminId" = a.id;
