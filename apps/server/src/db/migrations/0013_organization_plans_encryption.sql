-- Every organization may require encryption of its members (spec: organizations can enforce
-- encryption; only individual encryption depends on the plan), so its free plan has it too.
UPDATE "plans" SET "has_encryption" = true WHERE "scope" = 'organization';
