-- CreateTable
CREATE TABLE "EventImport" (
    "id" TEXT NOT NULL,
    "origin" TEXT NOT NULL,
    "source" TEXT NOT NULL DEFAULT '',
    "status" TEXT NOT NULL DEFAULT 'pending',
    "percentage" INTEGER NOT NULL DEFAULT 0,
    "nextBatchHash" TEXT,
    "message" TEXT NOT NULL DEFAULT '',
    "messageSlug" TEXT NOT NULL DEFAULT '',
    "totalEvents" INTEGER NOT NULL DEFAULT 0,
    "batchesDone" INTEGER NOT NULL DEFAULT 0,
    "created" INTEGER NOT NULL DEFAULT 0,
    "updated" INTEGER NOT NULL DEFAULT 0,
    "skipped" INTEGER NOT NULL DEFAULT 0,
    "failed" INTEGER NOT NULL DEFAULT 0,
    "activity" TEXT NOT NULL DEFAULT '{}',
    "authorId" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "EventImport_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "EventImportOrigin" (
    "key" TEXT NOT NULL,
    "contentId" INTEGER NOT NULL,

    CONSTRAINT "EventImportOrigin_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE INDEX "EventImport_status_idx" ON "EventImport"("status");

-- CreateIndex
CREATE INDEX "EventImportOrigin_contentId_idx" ON "EventImportOrigin"("contentId");

