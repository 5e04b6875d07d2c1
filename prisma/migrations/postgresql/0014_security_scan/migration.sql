-- CreateTable
CREATE TABLE "SecurityScanState" (
    "id" INTEGER NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'idle',
    "scanId" INTEGER NOT NULL DEFAULT 0,
    "leaseOwner" TEXT NOT NULL DEFAULT '',
    "leaseExpiresAt" TIMESTAMP(3),
    "stopRequested" BOOLEAN NOT NULL DEFAULT false,
    "step" INTEGER NOT NULL DEFAULT 0,
    "steps" INTEGER NOT NULL DEFAULT 0,
    "startedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),
    "lastScanTime" TIMESTAMP(3),
    "lastResult" TEXT NOT NULL DEFAULT '',
    "lastError" TEXT NOT NULL DEFAULT '',
    "options" TEXT NOT NULL DEFAULT '{}',

    CONSTRAINT "SecurityScanState_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SecurityFinding" (
    "id" SERIAL NOT NULL,
    "type" TEXT NOT NULL,
    "severity" INTEGER NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'new',
    "ignoreP" TEXT NOT NULL,
    "ignoreC" TEXT NOT NULL,
    "shortMsg" TEXT NOT NULL,
    "longMsg" TEXT NOT NULL,
    "data" TEXT NOT NULL DEFAULT '{}',
    "recordKind" TEXT NOT NULL,
    "recordId" TEXT NOT NULL,
    "scanId" INTEGER NOT NULL DEFAULT 0,
    "time" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUpdated" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SecurityFinding_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "SecurityFinding_ignoreP_key" ON "SecurityFinding"("ignoreP");

-- CreateIndex
CREATE INDEX "SecurityFinding_status_severity_idx" ON "SecurityFinding"("status", "severity");

-- CreateIndex
CREATE INDEX "SecurityFinding_type_idx" ON "SecurityFinding"("type");


-- The scanner's one state row.
INSERT INTO "SecurityScanState" ("id") VALUES (1);
