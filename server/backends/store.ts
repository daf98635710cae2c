import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

/**
 * The database of one emulated back end: `<dataDir>/<backend>.sqlite`, or memory when there is
 * no data folder (tests, and `startServer` without one). Every statement is prepared once.
 * Tokens, codes and links are stored hashed (secrets.ts); the outbox keeps the mail as sent.
 */

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
  created_at INTEGER NOT NULL
) STRICT;
CREATE TABLE IF NOT EXISTS tokens (
  hash TEXT PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('app', 'ref')),
  user_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  expires_at INTEGER NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS tokens_by_user ON tokens (user_id);
CREATE TABLE IF NOT EXISTS codes (
  email TEXT NOT NULL,
  purpose TEXT NOT NULL,
  salt TEXT NOT NULL,
  hash TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
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

export interface AccountRow {
  id: string;
  email: string;
  password_hash: string | null;
  verified: 0 | 1;
  nickname: string;
  first_name: string;
  last_name: string;
  birthday: string;
  country: string;
  credits: number;
  created_at: number;
}

export interface CodeRow {
  salt: string;
  hash: string;
  expires_at: number;
}

export interface LinkRow {
  purpose: string;
  user_id: string;
  expires_at: number;
  used_at: number | null;
}

export interface OutboxRow {
  id: number;
  recipient: string;
  subject: string;
  text: string;
  code: string | null;
  link: string | null;
  sent_at: number;
  logged_at: number;
}

/** The profile columns a visitor may change; null leaves a column as it is. */
export interface ProfileChange {
  nickname: string | null;
  first_name: string | null;
  last_name: string | null;
  birthday: string | null;
  country: string | null;
}

export type TokenKind = 'app' | 'ref';

export function openStore(backend: string, dataDir?: string) {
  if (dataDir !== undefined) mkdirSync(dataDir, { recursive: true });
  const db = new Database(dataDir === undefined ? ':memory:' : path.join(dataDir, `${backend}.sqlite`));
  // WAL lets a second serve-regions (or a sqlite3 shell) read while this one writes.
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.exec(SCHEMA);

  const statements = {
    accountByEmail: db.prepare<[string], AccountRow>('SELECT * FROM accounts WHERE email = ?'),
    accountById: db.prepare<[string], AccountRow>('SELECT * FROM accounts WHERE id = ?'),
    insertAccount: db.prepare(
      'INSERT INTO accounts (id, email, password_hash, verified, credits, created_at) VALUES (@id, @email, @password_hash, @verified, @credits, @created_at) ON CONFLICT (email) DO NOTHING',
    ),
    setPassword: db.prepare<[string | null, string]>('UPDATE accounts SET password_hash = ? WHERE id = ?'),
    setVerified: db.prepare<[string]>('UPDATE accounts SET verified = 1 WHERE id = ?'),
    updateProfile: db.prepare(`UPDATE accounts SET
      nickname = coalesce(@nickname, nickname), first_name = coalesce(@first_name, first_name), last_name = coalesce(@last_name, last_name),
      birthday = coalesce(@birthday, birthday), country = coalesce(@country, country) WHERE id = @id`),
    insertToken: db.prepare<[string, TokenKind, string, number]>('INSERT INTO tokens (hash, kind, user_id, expires_at) VALUES (?, ?, ?, ?)'),
    liveToken: db.prepare<[string, TokenKind, number], { user_id: string }>('SELECT user_id FROM tokens WHERE hash = ? AND kind = ? AND expires_at > ?'),
    tokenExpiry: db.prepare<[string], { expires_at: number }>('SELECT expires_at FROM tokens WHERE hash = ?'),
    deleteTokens: db.prepare<[string]>('DELETE FROM tokens WHERE user_id = ?'),
    deleteToken: db.prepare<[string]>('DELETE FROM tokens WHERE hash = ?'),
    putCode: db.prepare<[string, string, string, string, number]>(
      'INSERT INTO codes (email, purpose, salt, hash, expires_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (email, purpose) DO UPDATE SET salt = excluded.salt, hash = excluded.hash, expires_at = excluded.expires_at',
    ),
    code: db.prepare<[string, string], CodeRow>('SELECT salt, hash, expires_at FROM codes WHERE email = ? AND purpose = ?'),
    deleteCode: db.prepare<[string, string]>('DELETE FROM codes WHERE email = ? AND purpose = ?'),
    insertLink: db.prepare<[string, string, string, number]>('INSERT INTO links (hash, purpose, user_id, expires_at) VALUES (?, ?, ?, ?)'),
    link: db.prepare<[string], LinkRow>('SELECT purpose, user_id, expires_at, used_at FROM links WHERE hash = ?'),
    useLink: db.prepare<[number, string]>('UPDATE links SET used_at = ? WHERE hash = ? AND used_at IS NULL'),
    deleteOpenLinks: db.prepare<[string, string]>('DELETE FROM links WHERE user_id = ? AND purpose = ? AND used_at IS NULL'),
    insertSubscription: db.prepare(
      'INSERT INTO subscriptions (email, region, weekly, member, source, created_at) VALUES (@email, @region, @weekly, @member, @source, @created_at) ON CONFLICT (email) DO NOTHING',
    ),
    insertMail: db.prepare(
      'INSERT INTO outbox (recipient, subject, text, code, link, sent_at, logged_at) VALUES (@recipient, @subject, @text, @code, @link, @sent_at, @logged_at)',
    ),
    insertSupport: db.prepare('INSERT INTO support_requests (kind, email, body, created_at) VALUES (@kind, @email, @body, @created_at)'),
    allMail: db.prepare<[], OutboxRow>('SELECT * FROM outbox ORDER BY id DESC'),
    mailTo: db.prepare<[string], OutboxRow>('SELECT * FROM outbox WHERE recipient = ? ORDER BY id DESC'),
  };

  return {
    accountByEmail: (email: string) => statements.accountByEmail.get(email),
    accountById: (id: string) => statements.accountById.get(id),
    /** Inserts a new account; false when the email is taken (also by a concurrent request). */
    insertAccount: (row: Pick<AccountRow, 'id' | 'email' | 'password_hash' | 'verified' | 'credits' | 'created_at'>) =>
      statements.insertAccount.run(row).changes === 1,
    /** A new password hash, or null: the account has no password (it logs in by code). */
    setPassword: (id: string, hash: string | null) => void statements.setPassword.run(hash, id),
    setVerified: (id: string) => void statements.setVerified.run(id),
    updateProfile: (id: string, change: ProfileChange) => void statements.updateProfile.run({ id, ...change }),
    insertToken: (hash: string, kind: TokenKind, userId: string, expiresAt: number) => void statements.insertToken.run(hash, kind, userId, expiresAt),
    /** The owner of a token that is still live at `now`. */
    tokenOwner: (hash: string, kind: TokenKind, now: number) => statements.liveToken.get(hash, kind, now)?.user_id,
    deleteTokens: (userId: string) => void statements.deleteTokens.run(userId),
    /** When a token expires (epoch ms), or undefined when there is no such token. */
    tokenExpiry: (hash: string) => statements.tokenExpiry.get(hash)?.expires_at,
    /** Revokes one token (a logout). */
    deleteToken: (hash: string) => void statements.deleteToken.run(hash),
    putCode: (email: string, purpose: string, salt: string, hash: string, expiresAt: number) => void statements.putCode.run(email, purpose, salt, hash, expiresAt),
    code: (email: string, purpose: string) => statements.code.get(email, purpose),
    deleteCode: (email: string, purpose: string) => void statements.deleteCode.run(email, purpose),
    /** Stores a link and drops the account's earlier unused links of that purpose. */
    replaceLink: db.transaction((hash: string, purpose: string, userId: string, expiresAt: number) => {
      statements.deleteOpenLinks.run(userId, purpose);
      statements.insertLink.run(hash, purpose, userId, expiresAt);
    }),
    link: (hash: string) => statements.link.get(hash),
    /** Marks a link used; false when it was used already (so two clicks cannot both win). */
    useLink: (hash: string, now: number) => statements.useLink.run(now, hash).changes === 1,
    deleteOpenLinks: (userId: string, purpose: string) => void statements.deleteOpenLinks.run(userId, purpose),
    insertSubscription: (row: { email: string; region: string | null; weekly: 0 | 1; member: 0 | 1; source: string | null; created_at: number }) =>
      statements.insertSubscription.run(row).changes === 1,
    insertMail: (row: Omit<OutboxRow, 'id'>) => Number(statements.insertMail.run(row).lastInsertRowid),
    /** Stores a support request; its id makes the reference the visitor quotes. */
    insertSupport: (row: { kind: 'registration' | 'return'; email: string; body: string; created_at: number }) => Number(statements.insertSupport.run(row).lastInsertRowid),
    mail: (recipient?: string) => (recipient === undefined ? statements.allMail.all() : statements.mailTo.all(recipient)),
    close: () => db.close(),
  };
}

export type Store = ReturnType<typeof openStore>;
