import type Database from 'better-sqlite3';

/** The tables of one emulated back end's database (store.ts), and their migration from older data folders. */

const SCHEMA = `
CREATE TABLE IF NOT EXISTS accounts (
  id TEXT PRIMARY KEY,
  email TEXT NOT NULL UNIQUE,
  password_hash TEXT,
  verified INTEGER NOT NULL DEFAULT 0,
  nickname TEXT NOT NULL DEFAULT '',
  first_name TEXT NOT NULL DEFAULT '',
  last_name TEXT NOT NULL DEFAULT '',
  birthday TEXT NOT NULL DEFAULT '',
  country TEXT NOT NULL DEFAULT '',
  credits INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  -- 1: carried over from the brand's previous site; its password signs in by the old sign-in only.
  carried_over INTEGER NOT NULL DEFAULT 0
) STRICT;
-- A session: what one login started, on one device. Its tokens come and go (a refresh
-- replaces both); proven_at is when the visitor last proved who they are in it (a password or
-- a code), which a refresh never moves.
CREATE TABLE IF NOT EXISTS sessions (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  proven_at INTEGER NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS sessions_by_user ON sessions (user_id);
CREATE TABLE IF NOT EXISTS tokens (
  hash TEXT PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('app', 'ref')),
  session_id TEXT NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  expires_at INTEGER NOT NULL,
  -- A refresh token already spent (rotated): kept until it expires, so that its replay is caught.
  used_at INTEGER
) STRICT;
CREATE INDEX IF NOT EXISTS tokens_by_session ON tokens (session_id);
CREATE TABLE IF NOT EXISTS codes (
  email TEXT NOT NULL,
  purpose TEXT NOT NULL,
  salt TEXT NOT NULL,
  hash TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  -- Wrong guesses at this code so far: it dies at the limit.
  tries INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (email, purpose)
) STRICT;
CREATE TABLE IF NOT EXISTS links (
  hash TEXT PRIMARY KEY,
  purpose TEXT NOT NULL,
  user_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  expires_at INTEGER NOT NULL,
  used_at INTEGER
) STRICT;
CREATE INDEX IF NOT EXISTS links_by_user ON links (user_id, purpose);
CREATE TABLE IF NOT EXISTS subscriptions (
  email TEXT PRIMARY KEY,
  region TEXT,
  weekly INTEGER NOT NULL,
  member INTEGER NOT NULL,
  source TEXT,
  created_at INTEGER NOT NULL
) STRICT;
CREATE TABLE IF NOT EXISTS outbox (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  recipient TEXT NOT NULL,
  subject TEXT NOT NULL,
  text TEXT NOT NULL,
  code TEXT,
  link TEXT,
  sent_at INTEGER NOT NULL,
  -- Real time of sending: the emulated clock may be moved back, the outbox order must not be.
  logged_at INTEGER NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS outbox_by_recipient ON outbox (recipient);
CREATE TABLE IF NOT EXISTS support_requests (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  kind TEXT NOT NULL CHECK (kind IN ('registration', 'return')),
  email TEXT NOT NULL,
  -- The form's fields as JSON: they differ by kind and are only ever read whole.
  body TEXT NOT NULL,
  created_at INTEGER NOT NULL
) STRICT;
`;

/** The version of the tables above (`PRAGMA user_version`). */
const SCHEMA_VERSION = 2;

/** Sets the connection up and brings an older data folder's tables to the current version. */
export function setUpSchema(db: Database.Database): void {
  // WAL lets a second serve-regions (or a sqlite3 shell) read while this one writes.
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  // Version 1 (issue 27) gave tokens a session and codes a count of wrong tries: the tokens and
  // codes of an older data folder are dropped (everyone logs in again), the rest is kept.
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version < 1) db.exec('DROP TABLE IF EXISTS tokens; DROP TABLE IF EXISTS codes;');
  db.exec(SCHEMA);
  // Version 2 (issue 46) marks the accounts carried over from the previous site: none of an older folder's were.
  if (!db.prepare("SELECT 1 FROM pragma_table_info('accounts') WHERE name = 'carried_over'").get())
    db.exec('ALTER TABLE accounts ADD COLUMN carried_over INTEGER NOT NULL DEFAULT 0');
  if (version < SCHEMA_VERSION) db.pragma(`user_version = ${SCHEMA_VERSION}`);
}
