-- CreateTable
CREATE TABLE "RedirectGroup" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "name" TEXT NOT NULL,
    "moduleId" INTEGER NOT NULL DEFAULT 1,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "position" INTEGER NOT NULL DEFAULT 0
);

-- CreateTable
CREATE TABLE "Redirect" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "url" TEXT NOT NULL,
    "matchUrl" TEXT NOT NULL,
    "matchData" TEXT,
    "regex" BOOLEAN NOT NULL DEFAULT false,
    "groupId" INTEGER NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,
    "title" TEXT,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "matchType" TEXT NOT NULL DEFAULT 'url',
    "actionType" TEXT NOT NULL DEFAULT 'url',
    "actionCode" INTEGER NOT NULL DEFAULT 301,
    "actionData" TEXT,
    "hits" INTEGER NOT NULL DEFAULT 0,
    "lastAccess" DATETIME,
    CONSTRAINT "Redirect_groupId_fkey" FOREIGN KEY ("groupId") REFERENCES "RedirectGroup" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "RedirectLog" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "url" TEXT NOT NULL,
    "domain" TEXT NOT NULL DEFAULT '',
    "sentTo" TEXT NOT NULL DEFAULT '',
    "agent" TEXT NOT NULL DEFAULT '',
    "referrer" TEXT NOT NULL DEFAULT '',
    "ip" TEXT NOT NULL DEFAULT '',
    "httpCode" INTEGER NOT NULL DEFAULT 0,
    "requestMethod" TEXT NOT NULL DEFAULT 'GET',
    "requestData" TEXT NOT NULL DEFAULT '',
    "redirectId" INTEGER NOT NULL DEFAULT 0,
    "redirectBy" TEXT NOT NULL DEFAULT 'redirection'
);

-- CreateTable
CREATE TABLE "NotFoundLog" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "url" TEXT NOT NULL,
    "domain" TEXT NOT NULL DEFAULT '',
    "agent" TEXT NOT NULL DEFAULT '',
    "referrer" TEXT NOT NULL DEFAULT '',
    "ip" TEXT NOT NULL DEFAULT '',
    "httpCode" INTEGER NOT NULL DEFAULT 404,
    "requestMethod" TEXT NOT NULL DEFAULT 'GET',
    "requestData" TEXT NOT NULL DEFAULT ''
);

-- CreateIndex
CREATE INDEX "Redirect_groupId_position_idx" ON "Redirect"("groupId", "position");

-- CreateIndex
CREATE INDEX "Redirect_matchUrl_idx" ON "Redirect"("matchUrl");

-- CreateIndex
CREATE INDEX "RedirectLog_createdAt_idx" ON "RedirectLog"("createdAt");

-- CreateIndex
CREATE INDEX "RedirectLog_url_idx" ON "RedirectLog"("url");

-- CreateIndex
CREATE INDEX "RedirectLog_ip_idx" ON "RedirectLog"("ip");

-- CreateIndex
CREATE INDEX "RedirectLog_redirectId_idx" ON "RedirectLog"("redirectId");

-- CreateIndex
CREATE INDEX "NotFoundLog_createdAt_idx" ON "NotFoundLog"("createdAt");

-- CreateIndex
CREATE INDEX "NotFoundLog_url_idx" ON "NotFoundLog"("url");

-- CreateIndex
CREATE INDEX "NotFoundLog_ip_idx" ON "NotFoundLog"("ip");


-- The plugin's default groups, created at its installation (ids 1 and 2 on a new table).
INSERT INTO "RedirectGroup" ("name", "moduleId", "enabled", "position") VALUES ('Redirections', 1, true, 0);
INSERT INTO "RedirectGroup" ("name", "moduleId", "enabled", "position") VALUES ('Modified Posts', 1, true, 1);
