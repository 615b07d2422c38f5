-- Reports that carry results (issue 41 item 3). Each report of a kit keeps what it was issued with: its result
-- values (the reference server's demo laboratory writes them; see server/seed/report-results.ts), when it was
-- issued, and the practice's white-label logo as it was at that moment, bytes and all, so that a later logo change
-- reaches only the reports issued after it (ordering §2: "Applies only to future reports").
ALTER TABLE kit_reports
  ADD COLUMN results jsonb,
  ADD COLUMN issued_at timestamptz,
  ADD COLUMN logo_content_type text CHECK (logo_content_type IN ('image/png', 'image/jpeg')),
  ADD COLUMN logo_bytes bytea,
  ADD CONSTRAINT kit_reports_logo_whole CHECK ((logo_content_type IS NULL) = (logo_bytes IS NULL));
