// The two sign-in pages (the studio's /login, the super admin's /vidfolio-superadmin/login): the
// Pages Router's, rendered per request (their CSRF token) and sent without any script
// (pages/login.tsx): the card and its form are HTML and CSS alone.
import Head from "next/head";
import { inter } from "@/app/fonts";
import { SITE } from "@/lib/texts/marketing";
import { AuthCard } from "@/components/auth/auth-card";
import { SignInForm } from "@/components/auth/sign-in-form";
import type { SignInPageProps } from "@/lib/auth/sign-in-page";

export function SignInPage(props: SignInPageProps) {
  const superadmin = props.role === "superadmin";
  return (
    <>
      <Head>
        <title>{SITE.pageTitle(superadmin ? "Super admin" : "Login")}</title>
        <meta name="description" content={SITE.description} />
        {superadmin && <meta name="robots" content="noindex" />}
      </Head>
      {/* Inter drawn here (its class), preloaded: the card's heading is the page's largest paint. */}
      <div className={`${inter.variable} ${inter.className}`}>
        {superadmin ? (
          <AuthCard title="Super admin sign-in" subtitle="For Vidfolio administrators only.">
            <SignInForm {...props} />
          </AuthCard>
        ) : (
          <AuthCard title="Welcome back" subtitle="Sign in to your studio.">
            <SignInForm {...props} showSignup />
          </AuthCard>
        )}
      </div>
    </>
  );
}
