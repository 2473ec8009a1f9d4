-- A studio's own customers (the screens' "Clients"), and the customer a gallery is for.
CREATE TABLE "Customer" (
    "id" UUID NOT NULL,
    "adminId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "phone" TEXT,
    "language" TEXT NOT NULL DEFAULT 'en',
    "notes" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Customer_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "Customer_adminId_email_key" ON "Customer"("adminId", "email");
CREATE INDEX "Customer_adminId_createdAt_idx" ON "Customer"("adminId", "createdAt");
ALTER TABLE "Customer" ADD CONSTRAINT "Customer_adminId_fkey" FOREIGN KEY ("adminId") REFERENCES "Admin"("id") ON DELETE CASCADE ON UPDATE CASCADE;

ALTER TABLE "Gallery" ADD COLUMN "customerId" UUID;
CREATE INDEX "Gallery_customerId_idx" ON "Gallery"("customerId");
ALTER TABLE "Gallery" ADD CONSTRAINT "Gallery_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer"("id") ON DELETE SET NULL ON UPDATE CASCADE;
