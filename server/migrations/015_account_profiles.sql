-- Per-practice person data (issue 37 item 4): a person may hold accounts at several practices, and what one
-- practice writes about them (the team page's edit, the account tab) must not change what another practice sees.
-- So the first name, last name and phone a practice sees move onto the account (one row per person, practice and
-- role); the e-mail stays the person's, as it is their sign-in and every practice shares it.
--
-- Every team account starts with what its practice sees today: the person's values. A patient account (user type
-- 4) gets none: the patient portal keeps a patient's own profile on the person and each practice's view on its
-- patient record (`patients`), so the account has nothing of its own to show.
ALTER TABLE accounts
  ADD COLUMN first_name text,
  ADD COLUMN last_name text,
  ADD COLUMN phone text;

UPDATE accounts a SET first_name = pe.first_name, last_name = pe.last_name, phone = pe.phone
FROM people pe
WHERE pe.id = a.person_id AND a.user_type <> 4;
