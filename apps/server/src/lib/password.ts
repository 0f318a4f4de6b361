export { hashPassword, verifyPassword } from '@cc/db/password';
