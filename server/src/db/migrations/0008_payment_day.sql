-- The UTC day whose settlement pays a payment's referral shares. It used to be the day of
-- `created_at` (the start of the booking transaction): on PostgreSQL a purchase that began before
-- midnight and committed after that day's settlement had read the payments was never paid. A booking
-- now takes a shared lock the settlement takes exclusively, and is booked to the first day not settled.
ALTER TABLE payments ADD COLUMN day date DEFAULT ((now() AT TIME ZONE 'UTC')::date);
UPDATE payments SET day = (created_at AT TIME ZONE 'UTC')::date;
ALTER TABLE payments ALTER COLUMN day SET NOT NULL;
CREATE INDEX payments_day_idx ON payments (day);
