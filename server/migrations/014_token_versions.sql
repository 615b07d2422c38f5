-- Sessions that end (issue 37 items 9 and 10). A password is a person's, shared by all of their accounts, so the
-- person carries a token version that every password change, restore and migration raises. Each access token names
-- the version it was issued under and is refused once the person's has moved on, so a token taken before a change
-- stops working at once rather than when it expires.
ALTER TABLE people ADD COLUMN token_version integer NOT NULL DEFAULT 0;

-- Each refresh token keeps the version it was issued under too. A change revokes the person's refresh tokens, but a
-- refresh already under way when the change commits can still store a new one that the revocation did not see; the
-- version refuses that one as well. Sessions signed in before this migration are at version 0, like their person.
ALTER TABLE refresh_tokens ADD COLUMN token_version integer NOT NULL DEFAULT 0;
