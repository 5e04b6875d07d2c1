-- CreateTable
CREATE TABLE "SecurityCounter" (
    "key" TEXT NOT NULL,
    "count" INTEGER NOT NULL,
    "resetAt" DOUBLE PRECISION NOT NULL,

    CONSTRAINT "SecurityCounter_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE INDEX "SecurityCounter_resetAt_idx" ON "SecurityCounter"("resetAt");

