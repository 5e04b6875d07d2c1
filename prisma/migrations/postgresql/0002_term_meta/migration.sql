-- CreateTable
CREATE TABLE "TermMeta" (
    "id" SERIAL NOT NULL,
    "termId" INTEGER NOT NULL,
    "key" TEXT NOT NULL,
    "value" TEXT NOT NULL,

    CONSTRAINT "TermMeta_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "TermMeta_termId_key_idx" ON "TermMeta"("termId", "key");

-- AddForeignKey
ALTER TABLE "TermMeta" ADD CONSTRAINT "TermMeta_termId_fkey" FOREIGN KEY ("termId") REFERENCES "Term"("id") ON DELETE CASCADE ON UPDATE CASCADE;

