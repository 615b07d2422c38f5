-- The provider profile's consents (kits §2 "Profile page": research consent and leaderboard consent switches),
-- saved with PATCH /Users/Me/Consents. A consent is a person's own, whichever practice account they are signed
-- in with, so it lives with the person; nobody has given one until they turn it on.
ALTER TABLE people
  ADD COLUMN research_consent boolean NOT NULL DEFAULT false,
  ADD COLUMN rejuvenation_olympics_consent boolean NOT NULL DEFAULT false;
