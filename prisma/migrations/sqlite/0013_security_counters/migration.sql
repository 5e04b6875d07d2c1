-- CreateTable
CREATE TABLE "SecurityCounter" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "count" INTEGER NOT NULL,
    "resetAt" REAL NOT NULL
);

-- CreateIndex
CREATE INDEX "SecurityCounter_resetAt_idx" ON "SecurityCounter"("resetAt");

