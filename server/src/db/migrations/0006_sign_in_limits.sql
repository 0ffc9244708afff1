-- Sign-in nonces: issue order per address (only the newest few stay live) and an index for purging
-- expired ones, which every nonce request does.

ALTER TABLE auth_nonces ADD COLUMN id bigserial;
CREATE INDEX auth_nonces_address_idx ON auth_nonces (address, id DESC);
CREATE INDEX auth_nonces_expires_idx ON auth_nonces (expires_at);
