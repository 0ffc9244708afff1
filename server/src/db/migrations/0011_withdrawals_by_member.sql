-- The operators' queue filtered by member (`admin/withdrawalList` with `address`), oldest first.
CREATE INDEX withdrawals_address_idx ON withdrawals (address, id);
