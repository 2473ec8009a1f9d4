// The lengths of a sign-in's fields: the schemas refuse longer ones (lib/validation/auth.ts), the
// sign-in form's inputs stop there (components/auth/sign-in-form.tsx). No imports: the form's
// client build shares its modules with the public gallery's (docs/architecture/decisions.md "Two routers").
export const EMAIL_MAX = 254;
export const LOGIN_PASSWORD_MAX = 512;
