-- CreateTable
CREATE TABLE "SecurityNonce" (
    "nonce" TEXT NOT NULL,
    "usedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SecurityNonce_pkey" PRIMARY KEY ("nonce")
);

-- CreateTable
CREATE TABLE "SecurityLogEntry" (
    "id" SERIAL NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "type" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "ip" TEXT NOT NULL DEFAULT '',
    "user" TEXT NOT NULL DEFAULT '',
    "details" TEXT NOT NULL DEFAULT '{}',

    CONSTRAINT "SecurityLogEntry_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "SecurityNonce_usedAt_idx" ON "SecurityNonce"("usedAt");

-- CreateIndex
CREATE INDEX "SecurityLogEntry_createdAt_idx" ON "SecurityLogEntry"("createdAt");

-- CreateIndex
CREATE INDEX "SecurityLogEntry_type_id_idx" ON "SecurityLogEntry"("type", "id");

