/**
 * Server tests hash passwords with a light argon2id cost (see server/src/services/auth/passwords.ts):
 * hundreds of sign-ups and logins would otherwise spend minutes on hashing. A test about the
 * cost itself (login timing) turns it off before it creates its accounts.
 */
process.env.PANEL_TEST_PASSWORD_HASH = 'light';
