// Signing in, signing up and passwords (the sign-in and sign-up pages, the password reset, the
// profile's password change).
// One part of TEXTS (lib/texts/index.ts): import TEXTS; a text lives in one module only.

export const signInTexts = {
  // Sign-in and sign-up
  invalidCredentials: "Invalid email or password.",
  signInFailed: "Sign-in failed. Please try again.",
  accountUnderReview: "Your account is under review. The review may take up to 48 hours; you will be able to sign in once it is approved.",
  notSuperadmin: "This sign-in is for super administrators only.",
  registrationSuccess:
    "Thank you for your submission. We are currently reviewing your request, and the process may take up to 48 hours. We appreciate your patience and understanding during this time.",
  registrationMailSubject: "Submission Received – Review in Progress",
  /** Above the sign-up's questions about the studio: only the first five fields are needed (spec §5). */
  signupAnswerLater: "Name, email, password, company and website are all we need now. The questions below help us set up your studio; you can answer them later in Account → Company Setting.",
  // Passwords
  currentPasswordIncorrect: "Current password is incorrect.",
  passwordsDoNotMatch: "New passwords do not match.",
  passwordResetMailSubject: "Reset your Vidfolio password",
  passwordResetRequested: "If an account uses this email address, we have sent it a link to choose a new password. The link works for one hour.",
  passwordResetDone: "Your password has been changed. Sign in with your new password.",
  passwordResetMismatch: "Passwords do not match.",
  passwordResetInvalid: "This reset link is not valid any more. Ask for a new one.",
  passwordResetRequestNew: "Request a new link",
  forgotPassword: "Forgot password?",
} as const;
