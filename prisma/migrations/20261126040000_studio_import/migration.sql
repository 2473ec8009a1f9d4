-- CreateEnum
CREATE TYPE "ImportStatus" AS ENUM ('UPLOADING', 'QUEUED', 'RUNNING', 'DONE', 'FAILED', 'CANCELLED');

-- CreateTable
CREATE TABLE "StudioImport" (
    "id" UUID NOT NULL,
    "adminId" UUID NOT NULL,
    "status" "ImportStatus" NOT NULL DEFAULT 'UPLOADING',
    "storageKey" TEXT NOT NULL,
    "multipartUploadId" TEXT,
    "fileName" TEXT NOT NULL,
    "declaredBytes" BIGINT NOT NULL,
    "totalBytes" BIGINT NOT NULL DEFAULT 0,
    "doneBytes" BIGINT NOT NULL DEFAULT 0,
    "summary" JSONB,
    "error" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "StudioImport_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "StudioImport_adminId_createdAt_idx" ON "StudioImport"("adminId", "createdAt");

-- CreateIndex
CREATE INDEX "StudioImport_status_updatedAt_idx" ON "StudioImport"("status", "updatedAt");

-- AddForeignKey
ALTER TABLE "StudioImport" ADD CONSTRAINT "StudioImport_adminId_fkey" FOREIGN KEY ("adminId") REFERENCES "Admin"("id") ON DELETE CASCADE ON UPDATE CASCADE;

