-- Legacy machine/node product: registered members and home-page announcements.

CREATE TABLE members (
  id serial PRIMARY KEY,
  address text NOT NULL UNIQUE CHECK (address ~ '^0x[0-9a-f]{40}$'),
  username text,
  recommend text CHECK (recommend ~ '^0x[0-9a-f]{40}$'),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE announcements (
  id serial PRIMARY KEY,
  title_zh text NOT NULL,
  title_en text NOT NULL,
  body_zh text NOT NULL,
  body_en text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX announcements_newest_idx ON announcements (created_at DESC, id DESC);
