-- CreateTable
CREATE TABLE "PersistedQuery" (
    "hash" TEXT NOT NULL,
    "query" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PersistedQuery_pkey" PRIMARY KEY ("hash")
);

-- CreateIndex
CREATE INDEX "PersistedQuery_createdAt_idx" ON "PersistedQuery"("createdAt");

