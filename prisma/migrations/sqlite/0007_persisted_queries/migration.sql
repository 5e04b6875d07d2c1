-- CreateTable
CREATE TABLE "PersistedQuery" (
    "hash" TEXT NOT NULL PRIMARY KEY,
    "query" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE INDEX "PersistedQuery_createdAt_idx" ON "PersistedQuery"("createdAt");

