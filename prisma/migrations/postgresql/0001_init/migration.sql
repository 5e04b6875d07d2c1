-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateTable
CREATE TABLE "User" (
    "id" SERIAL NOT NULL,
    "login" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "passwordHash" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "firstName" TEXT NOT NULL DEFAULT '',
    "lastName" TEXT NOT NULL DEFAULT '',
    "nickname" TEXT NOT NULL DEFAULT '',
    "description" TEXT NOT NULL DEFAULT '',
    "url" TEXT NOT NULL DEFAULT '',
    "locale" TEXT NOT NULL DEFAULT '',
    "role" TEXT NOT NULL,
    "registeredAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "User_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ApplicationPassword" (
    "uuid" TEXT NOT NULL,
    "userId" INTEGER NOT NULL,
    "appId" TEXT NOT NULL DEFAULT '',
    "name" TEXT NOT NULL,
    "passwordHash" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" TIMESTAMP(3),
    "lastIp" TEXT,

    CONSTRAINT "ApplicationPassword_pkey" PRIMARY KEY ("uuid")
);

-- CreateTable
CREATE TABLE "Content" (
    "id" SERIAL NOT NULL,
    "type" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "authorId" INTEGER NOT NULL DEFAULT 0,
    "parentId" INTEGER NOT NULL DEFAULT 0,
    "slug" TEXT NOT NULL DEFAULT '',
    "slugKey" TEXT,
    "title" TEXT NOT NULL DEFAULT '',
    "content" TEXT NOT NULL DEFAULT '',
    "excerpt" TEXT NOT NULL DEFAULT '',
    "password" TEXT NOT NULL DEFAULT '',
    "date" TIMESTAMP(3) NOT NULL,
    "dateFloating" BOOLEAN NOT NULL DEFAULT false,
    "modified" TIMESTAMP(3) NOT NULL,
    "menuOrder" INTEGER NOT NULL DEFAULT 0,
    "commentStatus" TEXT NOT NULL DEFAULT 'open',
    "pingStatus" TEXT NOT NULL DEFAULT 'open',
    "sticky" BOOLEAN NOT NULL DEFAULT false,
    "format" TEXT NOT NULL DEFAULT 'standard',
    "template" TEXT NOT NULL DEFAULT '',
    "guid" TEXT NOT NULL DEFAULT '',
    "mimeType" TEXT NOT NULL DEFAULT '',
    "commentCount" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "Content_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "MenuItemDetail" (
    "contentId" INTEGER NOT NULL,
    "itemType" TEXT NOT NULL DEFAULT 'custom',
    "object" TEXT NOT NULL DEFAULT 'custom',
    "objectId" INTEGER NOT NULL DEFAULT 0,
    "url" TEXT NOT NULL DEFAULT '',
    "target" TEXT NOT NULL DEFAULT '',
    "classes" TEXT NOT NULL DEFAULT '[]',
    "xfn" TEXT NOT NULL DEFAULT '[]',
    "menuItemParent" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "MenuItemDetail_pkey" PRIMARY KEY ("contentId")
);

-- CreateTable
CREATE TABLE "ContentMeta" (
    "id" SERIAL NOT NULL,
    "contentId" INTEGER NOT NULL,
    "key" TEXT NOT NULL,
    "value" TEXT NOT NULL,

    CONSTRAINT "ContentMeta_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Term" (
    "id" SERIAL NOT NULL,
    "taxonomy" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "parentId" INTEGER NOT NULL DEFAULT 0,
    "count" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "Term_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TermRelationship" (
    "contentId" INTEGER NOT NULL,
    "termId" INTEGER NOT NULL,
    "order" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "TermRelationship_pkey" PRIMARY KEY ("contentId","termId")
);

-- CreateTable
CREATE TABLE "Option" (
    "name" TEXT NOT NULL,
    "value" TEXT NOT NULL,

    CONSTRAINT "Option_pkey" PRIMARY KEY ("name")
);

-- CreateIndex
CREATE UNIQUE INDEX "User_login_key" ON "User"("login");

-- CreateIndex
CREATE UNIQUE INDEX "User_email_key" ON "User"("email");

-- CreateIndex
CREATE UNIQUE INDEX "User_slug_key" ON "User"("slug");

-- CreateIndex
CREATE INDEX "ApplicationPassword_userId_idx" ON "ApplicationPassword"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "Content_slugKey_key" ON "Content"("slugKey");

-- CreateIndex
CREATE INDEX "Content_type_status_date_idx" ON "Content"("type", "status", "date");

-- CreateIndex
CREATE INDEX "Content_parentId_type_idx" ON "Content"("parentId", "type");

-- CreateIndex
CREATE INDEX "Content_authorId_idx" ON "Content"("authorId");

-- CreateIndex
CREATE INDEX "ContentMeta_contentId_key_idx" ON "ContentMeta"("contentId", "key");

-- CreateIndex
CREATE INDEX "Term_taxonomy_parentId_idx" ON "Term"("taxonomy", "parentId");

-- CreateIndex
CREATE UNIQUE INDEX "Term_taxonomy_slug_key" ON "Term"("taxonomy", "slug");

-- CreateIndex
CREATE INDEX "TermRelationship_termId_idx" ON "TermRelationship"("termId");

-- AddForeignKey
ALTER TABLE "ApplicationPassword" ADD CONSTRAINT "ApplicationPassword_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MenuItemDetail" ADD CONSTRAINT "MenuItemDetail_contentId_fkey" FOREIGN KEY ("contentId") REFERENCES "Content"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ContentMeta" ADD CONSTRAINT "ContentMeta_contentId_fkey" FOREIGN KEY ("contentId") REFERENCES "Content"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TermRelationship" ADD CONSTRAINT "TermRelationship_contentId_fkey" FOREIGN KEY ("contentId") REFERENCES "Content"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TermRelationship" ADD CONSTRAINT "TermRelationship_termId_fkey" FOREIGN KEY ("termId") REFERENCES "Term"("id") ON DELETE CASCADE ON UPDATE CASCADE;

