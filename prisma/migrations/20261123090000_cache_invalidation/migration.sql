-- CreateTable
CREATE TABLE "CacheInvalidation" (
    "tag" TEXT NOT NULL,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CacheInvalidation_pkey" PRIMARY KEY ("tag")
);

