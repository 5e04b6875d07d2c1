-- DropIndex
DROP INDEX "EventDetail_startUtc_endUtc_idx";

-- CreateIndex
CREATE INDEX "EventDetail_startUtc_endUtc_hideFromListings_contentId_idx" ON "EventDetail"("startUtc", "endUtc", "hideFromListings", "contentId");

