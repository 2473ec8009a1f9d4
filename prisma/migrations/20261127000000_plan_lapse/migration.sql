-- AlterTable
ALTER TABLE "Admin" ADD COLUMN     "graceUntil" TIMESTAMP(3),
ADD COLUMN     "lapsedPlan" "Plan",
ADD COLUMN     "planLapsedAt" TIMESTAMP(3);

-- CreateIndex
CREATE INDEX "Admin_graceUntil_idx" ON "Admin"("graceUntil");

