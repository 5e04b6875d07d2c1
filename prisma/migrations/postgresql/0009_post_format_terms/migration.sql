-- A post's format becomes what WordPress keeps: its post_format term (`post-format-aside`, named as
-- get_post_format_strings() names it); `standard` is no term. The terms of the formats in use are
-- created, assigned to their posts and counted (published posts, as _update_post_term_count does),
-- then the column goes: the term is the only record of a post's format.
INSERT INTO "Term" ("taxonomy", "name", "slug", "description", "parentId", "count")
SELECT 'post_format',
       CASE f."format"
         WHEN 'aside' THEN 'Aside' WHEN 'chat' THEN 'Chat' WHEN 'gallery' THEN 'Gallery'
         WHEN 'link' THEN 'Link' WHEN 'image' THEN 'Image' WHEN 'quote' THEN 'Quote'
         WHEN 'status' THEN 'Status' WHEN 'video' THEN 'Video' WHEN 'audio' THEN 'Audio'
         ELSE f."format"
       END,
       'post-format-' || f."format", '', 0, 0
FROM (SELECT DISTINCT "format" FROM "Content" WHERE "type" = 'post' AND "format" NOT IN ('standard', '')) f
WHERE NOT EXISTS (SELECT 1 FROM "Term" t WHERE t."taxonomy" = 'post_format' AND t."slug" = 'post-format-' || f."format")
ORDER BY f."format";

INSERT INTO "TermRelationship" ("contentId", "termId", "order")
SELECT c."id", t."id", 0
FROM "Content" c
JOIN "Term" t ON t."taxonomy" = 'post_format' AND t."slug" = 'post-format-' || c."format"
WHERE c."type" = 'post' AND c."format" NOT IN ('standard', '')
  AND NOT EXISTS (SELECT 1 FROM "TermRelationship" r WHERE r."contentId" = c."id" AND r."termId" = t."id");

UPDATE "Term" SET "count" = (
  SELECT COUNT(*) FROM "TermRelationship" r JOIN "Content" c ON c."id" = r."contentId"
  WHERE r."termId" = "Term"."id" AND c."status" = 'publish'
)
WHERE "taxonomy" = 'post_format';

-- AlterTable
ALTER TABLE "Content" DROP COLUMN "format";
