-- CreateTable
CREATE TABLE "CacheInvalidation" (
    "version" SERIAL NOT NULL,
    "tags" TEXT NOT NULL,
    "instance" TEXT NOT NULL DEFAULT '',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CacheInvalidation_pkey" PRIMARY KEY ("version")
);

