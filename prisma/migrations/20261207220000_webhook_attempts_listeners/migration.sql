-- Each delivery attempt as it went (the deliveries page shows them), the studio's events ordered
-- for the local forwarder's stream, and the forwarders listening.
ALTER TABLE "StudioEvent" ADD COLUMN "seq" BIGSERIAL NOT NULL;
CREATE INDEX "StudioEvent_adminId_seq_idx" ON "StudioEvent"("adminId", "seq");

CREATE TABLE "WebhookAttempt" (
    "id" UUID NOT NULL,
    "deliveryId" UUID NOT NULL,
    "number" INTEGER NOT NULL,
    "url" TEXT NOT NULL,
    "signature" TEXT,
    "sentAt" TIMESTAMP(3) NOT NULL,
    "status" INTEGER,
    "error" TEXT,
    "latencyMs" INTEGER NOT NULL,
    "responseExcerpt" TEXT,

    CONSTRAINT "WebhookAttempt_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "WebhookAttempt_deliveryId_number_idx" ON "WebhookAttempt"("deliveryId", "number");
ALTER TABLE "WebhookAttempt" ADD CONSTRAINT "WebhookAttempt_deliveryId_fkey" FOREIGN KEY ("deliveryId") REFERENCES "WebhookDelivery"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "WebhookListener" (
    "id" UUID NOT NULL,
    "adminId" UUID NOT NULL,
    "events" TEXT[],
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WebhookListener_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "WebhookListener_adminId_expiresAt_idx" ON "WebhookListener"("adminId", "expiresAt");
ALTER TABLE "WebhookListener" ADD CONSTRAINT "WebhookListener_adminId_fkey" FOREIGN KEY ("adminId") REFERENCES "Admin"("id") ON DELETE CASCADE ON UPDATE CASCADE;
