-- Manifests register samples (issue 40 point 2): each row of an accepted manifest is a kit of the upload's one
-- order, addressed by the row's Unique ID as its barcode, and its manifest row (collection date, DOB, sex, clinic
-- id and the research columns) names that kit. A Unique ID is the practice's own name for its sample, so two
-- practices may use the same one: a barcode is unique within its practice, no longer across practices. Rows of
-- manifests stored before this migration keep no kit (kit_id null); their Unique IDs still count as registered.

ALTER TABLE manifest_samples ADD COLUMN kit_id integer REFERENCES kits (id) ON DELETE CASCADE;
CREATE UNIQUE INDEX manifest_samples_kit_idx ON manifest_samples (kit_id);

ALTER TABLE kits DROP CONSTRAINT kits_barcode_key;
CREATE UNIQUE INDEX kits_practice_barcode_key ON kits (practice_id, barcode);
-- The check of a manifest's Unique IDs against the practice's samples, without regard to case.
CREATE INDEX kits_practice_upper_barcode_idx ON kits (practice_id, upper(barcode));
CREATE INDEX manifest_samples_practice_upper_unique_idx ON manifest_samples (practice_id, upper(unique_id));
