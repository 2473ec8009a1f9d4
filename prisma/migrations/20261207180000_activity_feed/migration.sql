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
