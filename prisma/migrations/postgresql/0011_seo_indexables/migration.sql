-- CreateTable
CREATE TABLE "SeoIndexable" (
    "id" SERIAL NOT NULL,
    "objectType" TEXT NOT NULL,
    "objectId" INTEGER NOT NULL DEFAULT 0,
    "objectSubType" TEXT NOT NULL DEFAULT '',
    "authorId" INTEGER,
    "postParent" INTEGER,
    "postStatus" TEXT,
    "permalink" TEXT,
    "permalinkHash" TEXT,
    "title" TEXT,
    "description" TEXT,
    "breadcrumbTitle" TEXT,
    "canonical" TEXT,
    "isCornerstone" BOOLEAN NOT NULL DEFAULT false,
    "isRobotsNoindex" BOOLEAN,
    "isRobotsNofollow" BOOLEAN NOT NULL DEFAULT false,
    "isPublic" BOOLEAN,
    "primaryFocusKeyword" TEXT,
    "primaryFocusKeywordScore" INTEGER,
    "readabilityScore" INTEGER NOT NULL DEFAULT 0,
    "estimatedReadingTimeMinutes" INTEGER,
    "seoResults" TEXT,
    "readabilityResults" TEXT,
    "linkCount" INTEGER,
    "incomingLinkCount" INTEGER,
    "objectLastModified" TIMESTAMP(3),
    "objectPublishedAt" TIMESTAMP(3),
    "analysisHash" TEXT,
    "analysedAt" TIMESTAMP(3),
    "language" TEXT,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SeoIndexable_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SeoLink" (
    "id" SERIAL NOT NULL,
    "url" TEXT NOT NULL,
    "postId" INTEGER NOT NULL DEFAULT 0,
    "indexableId" INTEGER NOT NULL,
    "targetPostId" INTEGER,
    "targetIndexableId" INTEGER,
    "type" TEXT NOT NULL,

    CONSTRAINT "SeoLink_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "SeoIndexable_objectType_objectSubType_postStatus_idx" ON "SeoIndexable"("objectType", "objectSubType", "postStatus");

-- CreateIndex
CREATE INDEX "SeoIndexable_objectType_objectId_idx" ON "SeoIndexable"("objectType", "objectId");

-- CreateIndex
CREATE INDEX "SeoIndexable_primaryFocusKeyword_idx" ON "SeoIndexable"("primaryFocusKeyword");

-- CreateIndex
CREATE UNIQUE INDEX "SeoIndexable_objectType_objectSubType_objectId_key" ON "SeoIndexable"("objectType", "objectSubType", "objectId");

-- CreateIndex
CREATE INDEX "SeoLink_indexableId_idx" ON "SeoLink"("indexableId");

-- CreateIndex
CREATE INDEX "SeoLink_targetIndexableId_idx" ON "SeoLink"("targetIndexableId");

-- CreateIndex
CREATE INDEX "SeoLink_postId_idx" ON "SeoLink"("postId");

