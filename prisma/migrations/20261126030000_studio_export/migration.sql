-- CreateEnum
CREATE TYPE "ExportStatus" AS ENUM ('QUEUED', 'RUNNING', 'READY', 'FAILED', 'EXPIRED');

-- CreateTable
CREATE TABLE "StudioExport" (
    "id" UUID NOT NULL,
    "adminId" UUID NOT NULL,
    "status" "ExportStatus" NOT NULL DEFAULT 'QUEUED',
    "storageKey" TEXT NOT NULL,
    "fileName" TEXT NOT NULL,
    "totalBytes" BIGINT NOT NULL DEFAULT 0,
    "doneBytes" BIGINT NOT NULL DEFAULT 0,
    "files" INTEGER NOT NULL DEFAULT 0,
    "sizeBytes" BIGINT,
    "error" TEXT,
    "requestedBy" TEXT NOT NULL DEFAULT 'studio',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "startedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),
    "expiresAt" TIMESTAMP(3),

    CONSTRAINT "StudioExport_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "StudioExport_adminId_createdAt_idx" ON "StudioExport"("adminId", "createdAt");

-- CreateIndex
CREATE INDEX "StudioExport_status_expiresAt_idx" ON "StudioExport"("status", "expiresAt");

-- AddForeignKey
ALTER TABLE "StudioExport" ADD CONSTRAINT "StudioExport_adminId_fkey" FOREIGN KEY ("adminId") REFERENCES "Admin"("id") ON DELETE CASCADE ON UPDATE CASCADE;

