-- CreateTable
CREATE TABLE "SecurityNonce" (
    "nonce" TEXT NOT NULL PRIMARY KEY,
    "usedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "SecurityLogEntry" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "type" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "ip" TEXT NOT NULL DEFAULT '',
    "user" TEXT NOT NULL DEFAULT '',
    "details" TEXT NOT NULL DEFAULT '{}'
);

-- CreateIndex
CREATE INDEX "SecurityNonce_usedAt_idx" ON "SecurityNonce"("usedAt");

-- CreateIndex
CREATE INDEX "SecurityLogEntry_createdAt_idx" ON "SecurityLogEntry"("createdAt");

-- CreateIndex
CREATE INDEX "SecurityLogEntry_type_id_idx" ON "SecurityLogEntry"("type", "id");

